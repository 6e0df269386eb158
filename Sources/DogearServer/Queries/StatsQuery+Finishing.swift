import DogearCore
import Fluent
import Foundation
import SQLKit

extension StatsQuery {
    struct Sessions {
        var minutes = 0
        var sessions = 0
        var pages = 0
        var days = 0
    }

    /// The sessions dated in the range: minutes, pages and the days they fell on.
    func sessions() async throws -> Sessions {
        let row = try await sql.raw(
            """
            SELECT CAST(COALESCE(SUM(s.minutes), 0) AS BIGINT) AS minutes, COUNT(*) AS sessions,
              CAST(COALESCE(SUM(s.pages_read), 0) AS BIGINT) AS pages, COUNT(DISTINCT s.date) AS days
            FROM reading_sessions s JOIN library_entries e ON e.id = s.entry_id
            WHERE e.user_id = \(bind: userID)\(sessionBounds)\(visibility)
            """
        ).first()
        guard let row else { return Sessions() }
        return Sessions(
            minutes: try row.decode(column: "minutes", as: Int.self), sessions: try row.decode(column: "sessions", as: Int.self),
            pages: try row.decode(column: "pages", as: Int.self), days: try row.decode(column: "days", as: Int.self))
    }

    private var sessionBounds: SQLQueryString {
        guard let from, let to else { return "" }
        return " AND s.date >= \(bind: from.description) AND s.date <= \(bind: to.description)"
    }

    /// The mean of (finish − start) in days over the finishes that have both, a finish before its
    /// start (the reader's own dates are never cross-checked) left out.
    func averageDaysToFinish() async throws -> Double? {
        let span: SQLQueryString =
            sql.kind == .sqlite
            ? "julianday(day) - julianday(started)" : "CAST(day AS DATE) - CAST(started AS DATE)"
        let row = try await sql.raw(
            """
            \(finishes) SELECT CAST(AVG(\(span)) AS DOUBLE PRECISION) AS days, COUNT(*) AS n FROM f
            WHERE day IS NOT NULL AND started IS NOT NULL AND LENGTH(day) = 10 AND LENGTH(started) = 10 AND started <= day
            """
        ).first()
        guard let row, try row.decode(column: "n", as: Int.self) > 0 else { return nil }
        return try row.decode(column: "days", as: Double?.self).map { ($0 * 10).rounded() / 10 }
    }

    /// The books a year page and the finishing figures name: shortest and longest by pages, highest
    /// rated, first and last finished. One statement, a row for each.
    func namedBooks() async throws -> [String: StatsDTO.BookRef] {
        let pick: (String, SQLQueryString, SQLQueryString) -> SQLQueryString = { kind, condition, order in
            """
            SELECT * FROM (SELECT \(literal: kind) AS kind, f.entry_id AS entry_id, w.title AS title, f.pages AS pages,
              e.rating AS rating, f.day AS day
            FROM f JOIN works w ON w.id = f.work_id JOIN library_entries e ON e.id = f.entry_id
            WHERE \(condition) ORDER BY \(order), w.title LIMIT 1) AS \(ident: kind)
            """
        }
        let rows = try await sql.raw(
            """
            \(finishes)
            \(pick("shortest", "f.pages > 0", "f.pages ASC"))
            UNION ALL \(pick("longest", "f.pages > 0", "f.pages DESC"))
            UNION ALL \(pick("highestRated", "e.rating IS NOT NULL", "e.rating DESC, f.day DESC"))
            UNION ALL \(pick("first", "f.day IS NOT NULL", "f.day ASC"))
            UNION ALL \(pick("last", "f.day IS NOT NULL", "f.day DESC"))
            """
        ).all()
        var named: [String: StatsDTO.BookRef] = [:]
        for row in rows {
            named[try row.decode(column: "kind", as: String.self)] = StatsDTO.BookRef(
                entryId: try row.decode(column: "entry_id", as: UUID.self),
                title: try row.decode(column: "title", as: String.self),
                pages: try row.decode(column: "pages", as: Int?.self), rating: try row.decode(column: "rating", as: Int?.self),
                date: try row.decode(column: "day", as: String?.self))
        }
        return named
    }

    /// Books finished in the range that had been read before (a read count above one), and books
    /// given up in it (an entry now did-not-finish dated in the range by its finish or start day, or
    /// a past read-through that ended so).
    func rereadsAndAbandoned() async throws -> (rereads: Int, didNotFinish: Int) {
        let dnf = ReadingStatus.didNotFinish.rawValue
        let row = try await sql.raw(
            """
            \(finishes) SELECT
              (SELECT COUNT(*) FROM library_entries e WHERE e.id IN (SELECT entry_id FROM f) AND e.read_count > 1) AS rereads,
              (SELECT COUNT(*) FROM library_entries e WHERE e.user_id = \(bind: userID) AND e.status = \(bind: dnf)\(dayBounds("COALESCE(e.date_finished, e.date_started)")))
              + (SELECT COUNT(*) FROM read_throughs r JOIN library_entries e ON e.id = r.entry_id
                 WHERE e.user_id = \(bind: userID) AND r.outcome = \(bind: dnf)\(dayBounds("r.finished_on"))) AS dnf
            """
        ).first()
        return (try row?.decode(column: "rereads", as: Int.self) ?? 0, try row?.decode(column: "dnf", as: Int.self) ?? 0)
    }
}
