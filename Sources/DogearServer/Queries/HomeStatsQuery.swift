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
        let readAllTime =
            try await sql.select()
            .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from(LibraryEntry.schema)
            .where("user_id", .equal, userID)
            .where { $0.where("status", .equal, ReadingStatus.read.rawValue).orWhere("read_count", .greaterThan, 0) }
            .first()?.decode(column: "n", as: Int.self) ?? 0

        // Finishes this year: the same finishes the statistics count (StatsQuery), a re-read included.
        let thisYear = StatsQuery(
            db: db, userID: userID, from: LocalDate(year: year, month: 1, day: 1), to: LocalDate(year: year, month: 12, day: 31))
        let finishes = try await thisYear.overview()
        return Stats(readAllTime: readAllTime, readThisYear: finishes.books, pagesThisYear: finishes.pages)
    }
}
