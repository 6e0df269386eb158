import DogearCore
import Fluent
import Foundation
import SQLKit

/// A reader's statistics, aggregated in SQL: a fixed number of statements whatever the size of the
/// library, each grouping inside the database and returning at most a few hundred rows (months,
/// genres, combinations of author facts), so the figures cost what the database's own aggregation
/// costs. Core's rules decide what the grouped rows mean (`Translation`, `AuthorVoice`).
///
/// A *finish* is the entry's own read when its status is read, or a past read-through whose outcome
/// was read, dated by its finish day; in a range only finishes dated inside it count, all time takes
/// undated ones too. Pages of a finish are the page count of the entry's edition.
struct StatsQuery {
    let db: any Database
    let userID: UUID
    /// Inclusive bounds; nil for all time.
    let from: LocalDate?
    let to: LocalDate?
    /// Only the entries the reader made public: what a shared year in books may show.
    var publicOnly = false

    var sql: any SQLDatabase { db.sql }

    // MARK: the finishes every figure starts from

    func dayBounds(_ column: String) -> SQLQueryString {
        guard let from, let to else { return "" }
        return " AND \(unsafeRaw: column) >= \(bind: from.description) AND \(unsafeRaw: column) <= \(bind: to.description)"
    }

    /// " AND e.is_public = true" for a shared summary; nothing for the reader's own figures.
    var visibility: SQLQueryString { publicOnly ? " AND e.is_public = \(bind: true)" : "" }

    /// `f(entry_id, work_id, edition_id, day, started, pages)`.
    var finishes: SQLQueryString {
        let read = ReadingStatus.read.rawValue
        return """
            WITH f AS (
              SELECT e.id AS entry_id, e.work_id AS work_id, e.edition_id AS edition_id, e.date_finished AS day,
                     e.date_started AS started, ed.page_count AS pages
              FROM library_entries e LEFT JOIN editions ed ON ed.id = e.edition_id
              WHERE e.user_id = \(bind: userID) AND e.status = \(bind: read)\(dayBounds("e.date_finished"))\(visibility)
              UNION ALL
              SELECT e.id, e.work_id, e.edition_id, r.finished_on, r.started_on, ed.page_count
              FROM read_throughs r JOIN library_entries e ON e.id = r.entry_id LEFT JOIN editions ed ON ed.id = e.edition_id
              WHERE e.user_id = \(bind: userID) AND r.outcome = \(bind: read)\(dayBounds("r.finished_on"))\(visibility)
            )
            """
    }

    // MARK: totals by month and year

    struct Totals {
        var books = 0
        var finishes = 0
        var pages = 0
        var undated = 0
        var byMonth: [StatsDTO.Period] = []
        var byYear: [StatsDTO.Period] = []
    }

    func totals() async throws -> Totals {
        var totals = Totals()
        let all = try await sql.raw(
            """
            \(finishes) SELECT COUNT(DISTINCT entry_id) AS books, COUNT(*) AS finishes,
              CAST(COALESCE(SUM(pages), 0) AS BIGINT) AS pages,
              CAST(COALESCE(SUM(CASE WHEN day IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT) AS undated FROM f
            """
        ).first()
        if let all {
            totals.books = try all.decode(column: "books", as: Int.self)
            totals.finishes = try all.decode(column: "finishes", as: Int.self)
            totals.pages = try all.decode(column: "pages", as: Int.self)
            totals.undated = try all.decode(column: "undated", as: Int.self)
        }
        totals.byMonth = try await periods(length: 7)
        totals.byYear = try await periods(length: 4)
        return totals
    }

    /// Finishes grouped by the first `length` characters of their day: 7 for months, 4 for years.
    private func periods(length: Int) async throws -> [StatsDTO.Period] {
        try await sql.raw(
            """
            \(finishes) SELECT SUBSTR(day, 1, \(literal: length)) AS period, COUNT(DISTINCT entry_id) AS books,
              COUNT(*) AS finishes, CAST(COALESCE(SUM(pages), 0) AS BIGINT) AS pages
            FROM f WHERE day IS NOT NULL GROUP BY SUBSTR(day, 1, \(literal: length)) ORDER BY period
            """
        ).all().map {
            StatsDTO.Period(
                period: try $0.decode(column: "period", as: String.self), books: try $0.decode(column: "books", as: Int.self),
                finishes: try $0.decode(column: "finishes", as: Int.self), pages: try $0.decode(column: "pages", as: Int.self))
        }
    }

    // MARK: ratings, genres, formats, authors

    func ratings() async throws -> StatsDTO.Ratings {
        let rows = try await sql.raw(
            """
            \(finishes) SELECT e.rating AS rating, COUNT(*) AS books FROM library_entries e
            WHERE e.id IN (SELECT entry_id FROM f) GROUP BY e.rating
            """
        ).all()
        var distribution = [0, 0, 0, 0, 0]
        var unrated = 0
        for row in rows {
            let books = try row.decode(column: "books", as: Int.self)
            if let stars = try row.decode(column: "rating", as: Int?.self), (1...5).contains(stars) {
                distribution[stars - 1] += books
            } else {
                unrated += books
            }
        }
        let rated = distribution.reduce(0, +)
        let sum = distribution.enumerated().reduce(0) { $0 + ($1.offset + 1) * $1.element }
        return StatsDTO.Ratings(
            average: rated > 0 ? (Double(sum) / Double(rated) * 100).rounded() / 100 : nil, rated: rated, unrated: unrated,
            distribution: distribution)
    }

    /// The most-read genres (a book counts once in each of its genres), and how many books have none.
    func genres(limit: Int = 10) async throws -> (top: [StatsDTO.Count], withoutGenre: Int) {
        let unpack: SQLQueryString =
            sql.kind == .sqlite ? "JOIN json_each(w.genres) AS g" : "CROSS JOIN LATERAL unnest(w.genres) AS g(value)"
        let top = try await sql.raw(
            """
            \(finishes) SELECT g.value AS name, COUNT(DISTINCT f.entry_id) AS books
            FROM f JOIN works w ON w.id = f.work_id \(unpack)
            GROUP BY g.value ORDER BY books DESC, name LIMIT \(literal: limit)
            """
        ).all().map {
            StatsDTO.Count(
                name: try $0.decode(column: "name", as: String.self), books: try $0.decode(column: "books", as: Int.self))
        }
        let empty: SQLQueryString = sql.kind == .sqlite ? "json_array_length(w.genres) = 0" : "cardinality(w.genres) = 0"
        let without =
            try await sql.raw(
                """
                \(finishes) SELECT COUNT(DISTINCT f.entry_id) AS books FROM f JOIN works w ON w.id = f.work_id WHERE \(empty)
                """
            ).first()?.decode(column: "books", as: Int.self) ?? 0
        return (top, without)
    }

    /// Books by the format of the edition the reader has; "unknown" for no edition or no format.
    func formats() async throws -> [StatsDTO.Count] {
        try await sql.raw(
            """
            \(finishes) SELECT COALESCE(ed.format, 'unknown') AS name, COUNT(DISTINCT f.entry_id) AS books
            FROM f LEFT JOIN editions ed ON ed.id = f.edition_id GROUP BY COALESCE(ed.format, 'unknown') ORDER BY books DESC, name
            """
        ).all().map {
            StatsDTO.Count(
                name: try $0.decode(column: "name", as: String.self), books: try $0.decode(column: "books", as: Int.self))
        }
    }

    func authors(limit: Int = 10) async throws -> [StatsDTO.AuthorCount] {
        try await sql.raw(
            """
            \(finishes) SELECT a.id AS id, a.name AS name, COUNT(DISTINCT f.entry_id) AS books
            FROM f JOIN work_authors wa ON wa.work_id = f.work_id JOIN authors a ON a.id = wa.author_id
            GROUP BY a.id, a.name ORDER BY books DESC, name LIMIT \(literal: limit)
            """
        ).all().map {
            StatsDTO.AuthorCount(
                id: try $0.decode(column: "id", as: UUID.self), name: try $0.decode(column: "name", as: String.self),
                books: try $0.decode(column: "books", as: Int.self))
        }
    }
}
