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

        // Finishes this year: the current read-through of entries marked read, and archived ones.
        let first = String(format: "%04d-01-01", year)
        let last = String(format: "%04d-12-31", year)
        let read = ReadingStatus.read.rawValue
        let finishes = try await sql.raw(
            """
            SELECT COUNT(DISTINCT f.entry_id) AS books, CAST(COALESCE(SUM(f.pages), 0) AS BIGINT) AS pages FROM (
              SELECT e.id AS entry_id, ed.page_count AS pages
              FROM library_entries e LEFT JOIN editions ed ON ed.id = e.edition_id
              WHERE e.user_id = \(bind: userID) AND e.status = \(bind: read)
                AND e.date_finished >= \(bind: first) AND e.date_finished <= \(bind: last)
              UNION ALL
              SELECT e.id AS entry_id, ed.page_count AS pages
              FROM read_throughs r JOIN library_entries e ON e.id = r.entry_id
              LEFT JOIN editions ed ON ed.id = e.edition_id
              WHERE e.user_id = \(bind: userID) AND r.outcome = \(bind: read)
                AND r.finished_on >= \(bind: first) AND r.finished_on <= \(bind: last)
            ) f
            """
        ).first()
        return Stats(
            readAllTime: readAllTime,
            readThisYear: try finishes?.decode(column: "books", as: Int.self) ?? 0,
            pagesThisYear: try finishes?.decode(column: "pages", as: Int.self) ?? 0)
    }
}
