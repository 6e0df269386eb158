import DogearCore
import FluentKit
import Foundation
import SQLKit

/// The home page's quick stats, counted in SQL.
///
/// "Read" counts books, not read-throughs: a book finished twice is one book read. "Pages this year"
/// counts every finish in the year, a re-read included, since those pages were read again.
package struct HomeStatsQuery {
    package let db: any Database

    package struct Stats: Equatable {
        package var readAllTime: Int
        package var readThisYear: Int
        package var pagesThisYear: Int
    }

    package func stats(userID: UUID, year: Int) async throws -> Stats {
        let sql = db.sql
        // Status read (an index range), plus read before and something else now (025's partial
        // index: its conditions written here as in the index, literals and all, or it is not used).
        let readAllTime =
            try await sql.raw(
                """
                SELECT (SELECT COUNT(*) FROM library_entries WHERE user_id = \(bind: userID) AND status = 'read')
                  + (SELECT COUNT(*) FROM library_entries WHERE user_id = \(bind: userID) AND read_count > 0
                     AND status <> 'read') AS n
                """
            ).first()?.decode(column: "n", as: Int.self) ?? 0

        // Finishes this year: the same finishes the statistics count (StatsQuery), a re-read included.
        let thisYear = StatsQuery(
            db: db, userID: userID, from: LocalDate(year: year, month: 1, day: 1), to: LocalDate(year: year, month: 12, day: 31))
        let finishes = try await thisYear.overview()
        return Stats(readAllTime: readAllTime, readThisYear: finishes.books, pagesThisYear: finishes.pages)
    }

    package init(db: any Database) {
        self.db = db
    }
}
