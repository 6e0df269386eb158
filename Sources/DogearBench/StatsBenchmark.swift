import DogearCore
import DogearServer
import DogearServices
import DogearStore
import Fluent
import Foundation
import SQLKit
import Vapor

/// The measuring half of `dogear bench stats`: one reader's statistics, for a year and for all time,
/// as `GET /api/v1/stats` computes them (every statement `StatsService` runs, and the JSON), next to
/// the same core aggregation — books and pages per month of the year's finishes — as one raw SQL
/// statement on the same connection pool (the floor).
///
/// The library is `SyntheticLibrary`'s, then made to read like a reader's: six in ten books finished
/// between 2010 and 2026 with a start a few weeks before, genres, authors with a gender and region
/// for most, one finished book in twenty re-read, and `sessions` reading sessions spread over seven
/// days in ten of the same years.
package struct StatsBenchmark {
    package let app: Application
    package let entries: Int
    package let sessions: Int
    package let seed: UInt64
    package let iterations: Int
    package let path: String

    package static let firstYear = 2010
    package static let lastYear = 2026
    package static let measuredYear = 2024

    package func run(print: (String) -> Void) async throws {
        let clock = ContinuousClock()
        let sql = app.db.sql
        var started = clock.now
        let built = try await SyntheticLibrary(db: app.db, entries: entries, notes: 0, seed: seed).build()
        try await shape(built.userID)
        try await addSessions(built.userID)
        _ = try await sql.raw("PRAGMA wal_checkpoint(TRUNCATE)").all()
        _ = try await sql.raw("ANALYZE").all()
        let finished =
            try await sql.raw(
                "SELECT COUNT(*) AS n FROM library_entries WHERE status = 'read' AND date_finished IS NOT NULL"
            ).first()?.decode(column: "n", as: Int.self) ?? 0
        emit(
            print,
            [
                "figure": "data_seconds", "value": seconds(clock.now - started), "entries": entries, "sessions": sessions,
                "finished": finished,
            ])

        guard let user = try await User.find(built.userID, on: app.db) else { return }
        let service = StatsService(db: app.db, user: user, today: LocalDate(year: 2026, month: 12, day: 31)!, tiersEnabled: false)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let year = Self.measuredYear
        // All time merges stored year figures: measured once with none stored (the first view after
        // the migration), then as a returning reader sees it, and after a change to one finished book.
        _ = try await sql.raw("UPDATE stats_year_figures SET generation = generation + 1, payload = NULL").run()
        started = clock.now
        _ = try await service.stats(.allTime)
        emit(print, ["figure": "stats_all_time_nothing_stored", "api_ms": ms(clock.now - started)])
        let changing = try await sql.raw(
            """
            SELECT id FROM library_entries WHERE user_id = \(bind: built.userID) AND status = 'read'
              AND date_finished BETWEEN \(bind: "\(year)-01-01") AND \(bind: "\(year)-12-31") LIMIT 1
            """
        ).first()?.decode(column: "id", as: UUID.self)
        for (name, range, from, to, write) in [
            ("year", StatsService.Range.year(year), "\(year)-01-01", "\(year)-12-31", false),
            ("all_time", StatsService.Range.allTime, "0001-01-01", "9999-12-31", false),
            ("all_time_after_a_rating", StatsService.Range.allTime, "0001-01-01", "9999-12-31", true),
        ] {
            var apiTimes: [Duration] = []
            var rawTimes: [Duration] = []
            var books = 0
            var rawBooks = 0
            for round in 0..<(iterations + 5) {
                if write, let changing {
                    // Not timed: the rating of one book finished in the measured year changes.
                    _ = try await sql.raw(
                        "UPDATE library_entries SET rating = \(bind: round % 5 + 1) WHERE id = \(bind: changing)"
                    ).run()
                }
                started = clock.now
                let stats = try await service.stats(range)
                _ = try encoder.encode(stats)
                let apiTime = clock.now - started
                started = clock.now
                // The floor: the year's finishes (entries and read-throughs) by month, books and pages, in one statement.
                let rows = try await sql.raw(
                    """
                    SELECT substr(day, 1, 7) AS month, COUNT(DISTINCT entry_id) AS books, SUM(pages) AS pages FROM (
                      SELECT e.id AS entry_id, e.date_finished AS day, ed.page_count AS pages
                      FROM library_entries e LEFT JOIN editions ed ON ed.id = e.edition_id
                      WHERE e.user_id = \(bind: built.userID) AND e.status = 'read' AND e.date_finished BETWEEN \(bind: from) AND \(bind: to)
                      UNION ALL
                      SELECT e.id, r.finished_on, ed.page_count
                      FROM read_throughs r JOIN library_entries e ON e.id = r.entry_id LEFT JOIN editions ed ON ed.id = e.edition_id
                      WHERE e.user_id = \(bind: built.userID) AND r.outcome = 'read' AND r.finished_on BETWEEN \(bind: from) AND \(bind: to)
                    ) GROUP BY month
                    """
                ).all()
                let rawTime = clock.now - started
                if round >= 5 {
                    apiTimes.append(apiTime)
                    rawTimes.append(rawTime)
                }
                books = stats.books
                rawBooks = try rows.map { try $0.decode(column: "books", as: Int.self) }.reduce(0, +)
            }
            emit(
                print,
                [
                    "figure": "stats", "range": name, "books": books, "raw_books_by_month": rawBooks,
                    "api_p50_ms": ms(percentile(apiTimes, 0.5)), "api_p99_ms": ms(percentile(apiTimes, 0.99)),
                    "raw_sql_p50_ms": ms(percentile(rawTimes, 0.5)), "raw_sql_p99_ms": ms(percentile(rawTimes, 0.99)),
                    "target_p99_ms": name == "year" ? 50 : 150, "iterations": iterations,
                    "phases_p50_ms": try await phases(user, range: range),
                ])
        }
    }

    /// Where the time of one statistics call goes, statement by statement as `StatsService` runs
    /// them (p50 of 10).
    private func phases(_ user: User, range: StatsService.Range) async throws -> [String: Double] {
        var times: [String: [Duration]] = [:]
        let query = StatsQuery(db: app.db, userID: try user.requireID(), from: range.from, to: range.to)
        for _ in 0..<10 {
            for (name, lap) in try await Self.laps(query, range: range) { times[name, default: []].append(lap) }
        }
        return times.mapValues { ms(percentile($0, 0.5)) }
    }

    private static func laps(_ query: StatsQuery, range: StatsService.Range) async throws -> [String: Duration] {
        let clock = ContinuousClock()
        var laps: [String: Duration] = [:]
        var step = clock.now
        func lap(_ name: String) {
            laps[name] = clock.now - step
            step = clock.now
        }
        if range == .allTime {
            _ = try await StatsYearFigures(db: query.db, userID: query.userID).allTime()
            lap("stored_year_figures")
        } else {
            _ = try await query.overview()
            lap("overview")
            _ = try await query.periods()
            lap("periods")
            _ = try await query.facets()
            lap("facets")
            _ = try await query.genres(limit: nil)
            lap("genres")
            _ = try await query.namedBooks()
            lap("named_books")
            _ = try await query.translatedByLanguages()
            _ = try await query.culturalGoal()
            lap("diversity")
        }
        _ = try await query.authors()
        lap("authors")
        _ = try await query.sessions()
        lap("sessions")
        _ = try await query.didNotFinish()
        lap("dnf")
        _ = try await ReadingDays(db: query.db).days(userID: query.userID, from: range.from, through: range.to)
        lap("reading_days")
        return laps
    }

    /// Finishes, genres, author facts and re-reads, in a few statements over the synthetic rows.
    private func shape(_ userID: UUID) async throws {
        let sql = app.db.sql
        let days = Self.days
        try await sql.raw(
            """
            UPDATE library_entries SET status = 'read' WHERE user_id = \(bind: userID) AND abs(random()) % 10 < 6
            """
        ).run()
        try await sql.raw(
            """
            UPDATE library_entries SET date_finished = date(\(bind: "\(Self.firstYear)-01-01"), '+' || (abs(random()) % \(literal: days)) || ' days')
            WHERE user_id = \(bind: userID) AND status = 'read'
            """
        ).run()
        try await sql.raw(
            """
            UPDATE library_entries SET date_started = date(date_finished, '-' || (1 + abs(random()) % 60) || ' days'),
              read_count = 1, progress = 1
            WHERE user_id = \(bind: userID) AND status = 'read'
            """
        ).run()
        try await sql.raw(
            """
            UPDATE works SET genres = CASE abs(random()) % 6
              WHEN 0 THEN '["Fantasy"]' WHEN 1 THEN '["Fiction","Literary"]' WHEN 2 THEN '["History"]'
              WHEN 3 THEN '["Science Fiction","Fiction"]' WHEN 4 THEN '["Mystery"]' ELSE '[]' END
            """
        ).run()
        try await sql.raw(
            """
            UPDATE authors SET gender = CASE abs(random()) % 5 WHEN 0 THEN 'female' WHEN 1 THEN 'male' WHEN 2 THEN 'female'
                WHEN 3 THEN 'nonBinary' ELSE NULL END,
              cultural_region = CASE abs(random()) % 6 WHEN 0 THEN 'europe' WHEN 1 THEN 'asia' WHEN 2 THEN 'africa'
                WHEN 3 THEN 'northAmerica' WHEN 4 THEN 'indigenous' ELSE NULL END
            """
        ).run()
        // One finished book in twenty was read before: a read-through a year or two earlier.
        let now = Date()
        try await sql.raw(
            """
            INSERT INTO read_throughs (id, entry_id, started_on, finished_on, outcome, created_at, updated_at)
            SELECT lower(hex(randomblob(16))), id, date(date_started, '-400 days'), date(date_finished, '-400 days'), 'read',
              \(bind: now), \(bind: now)
            FROM library_entries WHERE user_id = \(bind: userID) AND status = 'read' AND abs(random()) % 20 = 0
            """
        ).run()
        try await sql.raw(
            """
            UPDATE library_entries SET read_count = 2 WHERE id IN (SELECT entry_id FROM read_throughs)
            """
        ).run()
    }

    package static var days: Int {
        LocalDate(year: lastYear, month: 12, day: 31)!.dayNumber - LocalDate(year: firstYear, month: 1, day: 1)!.dayNumber + 1
    }

    private func addSessions(_ userID: UUID) async throws {
        var random = SeededRandom(seed: seed &+ 7)
        let sql = app.db.sql
        let ids = try await sql.raw("SELECT id FROM library_entries WHERE user_id = \(bind: userID)").all().map {
            try $0.decode(column: "id", as: UUID.self)
        }
        let first = LocalDate(year: Self.firstYear, month: 1, day: 1)!
        let days = Self.days
        let now = Date()
        var rows: [SQLQueryString] = []
        // Three days in ten with no reading, as a reader has: streaks end, and the current one is short.
        let readingDays = (0..<days).filter { _ in Int.random(in: 0..<10, using: &random) >= 3 }
        for index in 0..<sessions {
            let day = first.adding(days: readingDays[Int.random(in: 0..<readingDays.count, using: &random)]).description
            let pages = Int.random(in: 1...60, using: &random)
            rows.append(
                """
                (\(bind: UUID.timeOrdered()), \(bind: ids[Int.random(in: 0..<ids.count, using: &random)]), \(bind: day), \
                \(bind: Int.random(in: 5...120, using: &random)), \(bind: pages), \(bind: now), \(bind: now))
                """)
            if rows.count == 500 || index == sessions - 1 {
                let values = rows.dropFirst().reduce(rows[0]) { $0 + ", " + $1 }
                try await sql.raw(
                    "INSERT INTO reading_sessions (id, entry_id, date, minutes, pages_read, created_at, updated_at) VALUES "
                        + values
                ).run()
                rows.removeAll()
            }
        }
    }

    private func percentile(_ values: [Duration], _ p: Double) -> Duration { BenchFigures.percentile(values, p) }
    private func ms(_ duration: Duration) -> Double { BenchFigures.ms(duration) }
    private func seconds(_ duration: Duration) -> Double { BenchFigures.seconds(duration) }
    private func emit(_ print: (String) -> Void, _ fields: [String: Any]) { BenchFigures.emit("stats", print, fields) }
}
