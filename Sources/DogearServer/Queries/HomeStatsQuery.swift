import DogearCore
import Fluent
import Foundation
import SQLKit

/// The home page's quick stats, counted in SQL.
///
/// "Read" counts books, not read-throughs: a book finished twice is one book read. "Pages this year"
/// counts every finish in the year, a re-read included, since those pages were read again.
struct HomeStatsQuery {
    let db: any Database

    struct Stats: Equatable {
        var readAllTime: Int
        var readThisYear: Int
        var pagesThisYear: Int
    }

    func stats(userID: UUID, year: Int) async throws -> Stats {
        let sql = db.sql
        // Status read, or read before and something else now: two index ranges (025's index), where
        // one count with OR looked at every entry.
        let read = ReadingStatus.read.rawValue
        let readAllTime =
            try await sql.raw(
                """
                SELECT (SELECT COUNT(*) FROM library_entries WHERE user_id = \(bind: userID) AND status = \(bind: read))
                  + (SELECT COUNT(*) FROM library_entries WHERE user_id = \(bind: userID) AND read_count > 0
                     AND status <> \(bind: read)) AS n
                """
            ).first()?.decode(column: "n", as: Int.self) ?? 0

        // Finishes this year: the same finishes the statistics count (StatsQuery), a re-read included.
        let thisYear = StatsQuery(
            db: db, userID: userID, from: LocalDate(year: year, month: 1, day: 1), to: LocalDate(year: year, month: 12, day: 31))
        let finishes = try await thisYear.overview()
        return Stats(readAllTime: readAllTime, readThisYear: finishes.books, pagesThisYear: finishes.pages)
    }
}
