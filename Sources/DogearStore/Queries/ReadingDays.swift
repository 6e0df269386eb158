import DogearCore
import FluentKit
import Foundation
import NIOConcurrencyHelpers
import SQLKit

/// The calendar days a reader read: the days their sessions fell on (`session_days`, the day
/// totals the sessions' triggers keep) and the days they logged progress (`reading_days`), one row
/// per reader and day in each. Streaks and the heat-map calendar read these.
package struct ReadingDays {
    package let db: any Database

    /// Notes that the reader moved their page on `day` (their own calendar day). A second update the
    /// same day adds nothing, and on SQLite, once this process has seen the day committed, it costs
    /// no statement either: a reader logs their page many times a day, and each write's statements
    /// are turns of SQLite's one writer. Returns the day to pass to `committed` once the write's
    /// transaction has committed (nil: nothing to remember).
    ///
    /// Only SQLite's days are remembered, by the database file (or in-memory database) they are
    /// in. PostgreSQL has no such line to spare, and one process may serve several PostgreSQL
    /// databases (the tests' schemas) that this key could not tell apart; there it always writes.
    @discardableResult
    package func record(userID: UUID, day: LocalDate) async throws -> Known? {
        let database = SQLiteWriteGroups.key(of: db)
        let known = database.map { Known(database: $0, userID: userID, day: day.description) }
        if let known, Self.committedDays.withLockedValue({ $0.contains(known) }) { return nil }
        try await db.sql.raw(
            """
            INSERT INTO reading_days (id, user_id, day) VALUES (\(bind: UUID.timeOrdered()), \(bind: userID), \(bind: day.description))
            ON CONFLICT (user_id, day) DO NOTHING
            """
        ).run()
        return known
    }

    /// A reader's day whose row a committed transaction wrote (or found there).
    package struct Known: Hashable, Sendable {
        let database: String
        let userID: UUID
        let day: String
    }

    /// Remembers a day whose row is committed. Only after the commit: a write rolled back would
    /// otherwise leave a day remembered that has no row. Nothing in Dogear deletes a reading day
    /// but the reader's account going, so a remembered day stays true while the process runs; a
    /// restore is made with the server stopped (`dogear restore`). Rows deleted by hand behind a
    /// running server would stay missing for that day until it restarts. The memory is dropped
    /// whole when it grows past a bound (a day forgotten costs one statement again, nothing else).
    package static func committed(_ day: Known) {
        committedDays.withLockedValue { days in
            if days.count >= rememberedDays { days.removeAll(keepingCapacity: true) }
            days.insert(day)
        }
    }

    static let rememberedDays = 50_000
    private static let committedDays = NIOLockedValueBox<Set<Known>>([])

    /// Every reading day up to `through`, with the minutes and pages the sessions of that day logged
    /// (0 for a day with only a progress update), oldest first.
    package struct Day: Equatable, Sendable {
        package var day: LocalDate
        package var minutes: Int
        package var pages: Int
    }

    package func days(userID: UUID, from: LocalDate? = nil, through: LocalDate? = nil) async throws -> [Day] {
        let low = (from ?? LocalDate(year: 1, month: 1, day: 1)!).description
        let high = (through ?? LocalDate(year: 9999, month: 12, day: 31)!).description
        let rows = try await db.sql.raw(
            """
            SELECT d.day AS day, CAST(SUM(d.minutes) AS BIGINT) AS minutes, CAST(SUM(d.pages) AS BIGINT) AS pages FROM (
              SELECT s.day AS day, s.minutes AS minutes, s.pages AS pages FROM session_days s
              WHERE s.user_id = \(bind: userID) AND s.day >= \(bind: low) AND s.day <= \(bind: high)
              UNION ALL
              SELECT r.day AS day, 0 AS minutes, 0 AS pages FROM reading_days r
              WHERE r.user_id = \(bind: userID) AND r.day >= \(bind: low) AND r.day <= \(bind: high)
            ) d GROUP BY d.day ORDER BY d.day
            """
        ).all()
        return try rows.compactMap { row in
            guard let day = LocalDate(try row.decode(column: "day", as: String.self)) else { return nil }
            return Day(
                day: day, minutes: try row.decode(column: "minutes", as: Int.self),
                pages: try row.decode(column: "pages", as: Int.self))
        }
    }

    /// Only which days, not what was read on them: for the current streak.
    package func distinctDays(userID: UUID, from: LocalDate?, through: LocalDate) async throws -> [LocalDate] {
        let low = (from ?? LocalDate(year: 1, month: 1, day: 1)!).description
        let rows = try await db.sql.raw(
            """
            SELECT s.day AS day FROM session_days s
            WHERE s.user_id = \(bind: userID) AND s.day >= \(bind: low) AND s.day <= \(bind: through.description)
            UNION
            SELECT r.day AS day FROM reading_days r
            WHERE r.user_id = \(bind: userID) AND r.day >= \(bind: low) AND r.day <= \(bind: through.description)
            """
        ).all()
        return try rows.compactMap { LocalDate(try $0.decode(column: "day", as: String.self)) }
    }

    package init(db: any Database) {
        self.db = db
    }
}
