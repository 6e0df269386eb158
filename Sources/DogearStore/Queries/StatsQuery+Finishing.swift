import DogearCore
import FluentKit
import Foundation
import SQLKit

extension StatsQuery {
    package struct Sessions {
        package var minutes = 0
        package var sessions = 0
        package var pages = 0
        package var days = 0
    }

    /// The sessions dated in the range: minutes, pages and the days they fell on, from the reader's
    /// day totals (`session_days`). A shared year counts only its public entries' sessions, which
    /// the day totals do not split, so it reads the sessions themselves (a year of them).
    package func sessions() async throws -> Sessions {
        let row: (any SQLRow)?
        if publicOnly {
            row = try await sql.raw(
                """
                SELECT CAST(COALESCE(SUM(s.minutes), 0) AS BIGINT) AS minutes, COUNT(*) AS sessions,
                  CAST(COALESCE(SUM(s.pages_read), 0) AS BIGINT) AS pages, COUNT(DISTINCT s.date) AS days
                FROM reading_sessions s JOIN library_entries e ON e.id = s.entry_id
                WHERE e.user_id = \(bind: userID)\(bounds("s.date")) AND e.is_public = \(bind: true)
                """
            ).first()
        } else {
            row = try await sql.raw(
                """
                SELECT CAST(COALESCE(SUM(d.minutes), 0) AS BIGINT) AS minutes, CAST(COALESCE(SUM(d.sessions), 0) AS BIGINT) AS sessions,
                  CAST(COALESCE(SUM(d.pages), 0) AS BIGINT) AS pages, COUNT(*) AS days
                FROM session_days d WHERE d.user_id = \(bind: userID)\(bounds("d.day"))
                """
            ).first()
        }
        guard let row else { return Sessions() }
        return Sessions(
            minutes: try row.decode(column: "minutes", as: Int.self), sessions: try row.decode(column: "sessions", as: Int.self),
            pages: try row.decode(column: "pages", as: Int.self), days: try row.decode(column: "days", as: Int.self))
    }

    /// " AND column >= from AND column <= to", or nothing for all time.
    package func bounds(_ column: String) -> SQLQueryString {
        guard let from, let to else { return "" }
        return " AND \(unsafeRaw: column) >= \(bind: from.description) AND \(unsafeRaw: column) <= \(bind: to.description)"
    }

    /// The books a year page and the finishing figures name: shortest and longest by pages, highest
    /// rated, first and last finished. One statement, a row for each.
    package func namedBooks() async throws -> [String: StatsReport.BookRef] {
        // Ties by title in code-point order on both databases, the order `StatsFigures` merges years by.
        let title: SQLQueryString = "\(unsafeRaw: sql.databaseDialect.inCodePointOrder("ff.title"))"
        let pick: (String, SQLQueryString, SQLQueryString) -> SQLQueryString = { kind, condition, order in
            """
            SELECT * FROM (SELECT \(literal: kind) AS kind, ff.entry_id AS entry_id, ff.title AS title, ff.pages AS pages,
              ff.rating AS rating, ff.day AS day
            FROM finish_facts ff WHERE \(scope) AND \(condition) ORDER BY \(order), \(title) LIMIT 1) AS \(ident: kind)
            """
        }
        let rows = try await sql.raw(
            """
            \(pick("shortest", "ff.pages > 0", "ff.pages ASC"))
            UNION ALL \(pick("longest", "ff.pages > 0", "ff.pages DESC"))
            UNION ALL \(pick("highestRated", "ff.rating IS NOT NULL", "ff.rating DESC, ff.day DESC"))
            UNION ALL \(pick("first", "ff.day <> ''", "ff.day ASC"))
            UNION ALL \(pick("last", "ff.day <> ''", "ff.day DESC"))
            """
        ).all()
        var named: [String: StatsReport.BookRef] = [:]
        for row in rows {
            let day = try row.decode(column: "day", as: String.self)
            named[try row.decode(column: "kind", as: String.self)] = StatsReport.BookRef(
                entryId: try row.decode(column: "entry_id", as: UUID.self),
                title: try row.decode(column: "title", as: String.self),
                pages: try row.decode(column: "pages", as: Int?.self), rating: try row.decode(column: "rating", as: Int?.self),
                date: day.isEmpty ? nil : day)
        }
        return named
    }

    /// Books given up in the range: an entry now did-not-finish dated in it by its finish or start
    /// day, or a past read-through that ended so.
    package func didNotFinish() async throws -> Int {
        let dnf = ReadingStatus.didNotFinish.rawValue
        let row = try await sql.raw(
            """
            SELECT
              (SELECT COUNT(*) FROM library_entries e WHERE e.user_id = \(bind: userID) AND e.status = \(bind: dnf)\(bounds("COALESCE(e.date_finished, e.date_started)")))
              + (SELECT COUNT(*) FROM read_throughs r JOIN library_entries e ON e.id = r.entry_id
                 WHERE e.user_id = \(bind: userID) AND r.outcome = \(bind: dnf)\(bounds("r.finished_on"))) AS dnf
            """
        ).first()
        return try row?.decode(column: "dnf", as: Int.self) ?? 0
    }
}
