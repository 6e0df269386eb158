import DogearCore
import FluentKit
import Foundation
import SQLKit

/// The home page's quick stats, counted in SQL.
///
/// "Read" counts books, not read-throughs: a book finished twice is one book read, and a book counts
/// once a finish is on record, as everywhere else. "Pages this year"
/// counts every finish in the year, a re-read included, since those pages were read again.
package struct HomeStatsQuery {
    package let db: any Database

    package struct Stats: Equatable {
        package var readAllTime: Int
        package var readThisYear: Int
        package var pagesThisYear: Int
    }

    package func stats(userID: UUID, year: Int) async throws -> Stats {
        // The books with a finish on record: the one definition Stats, the year page, goals and
        // this share (`finish_facts`, one row per finish, `first_ever` on each book's first). Not
        // `read_count`: an import sets it from a file's "Read Count" for books now on another
        // shelf with no finish behind it, which made Home say 536 where Stats said 534.
        // Finishes this year: the same finishes the statistics count (StatsQuery), a re-read
        // included. Both in one statement.
        let thisYear = StatsQuery(
            db: db, userID: userID, from: LocalDate(year: year, month: 1, day: 1), to: LocalDate(year: year, month: 12, day: 31))
        let figures = try await thisYear.quickFigures()
        return Stats(readAllTime: figures.allTime, readThisYear: figures.books, pagesThisYear: figures.pages)
    }

    package init(db: any Database) {
        self.db = db
    }
}
