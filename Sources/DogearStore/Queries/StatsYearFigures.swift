import DogearCore
import FluentKit
import Foundation
import SQLKit

/// All time's figures, merged from one stored `StatsFigures` per reader and year (and one for the
/// undated finishes) in `stats_year_figures`. A year's figures are worked out the first time all
/// time is asked for after a finish in that year changed, and kept until the next such change: a
/// reader who finishes a book this year has this year read again, not the other twenty.
///
/// A trigger on `finish_facts` (`CreateStatsYearFigures`) raises the year's `generation` and clears
/// its figures in the same statement as the change. Figures are stored only under the generation
/// they were read at, so figures read while a write committed are never kept as current.
package struct StatsYearFigures {
    package let db: any Database
    package let userID: UUID

    package var sql: any SQLDatabase { db.sql }

    package func allTime() async throws -> StatsFigures {
        let rows = try await sql.raw(
            "SELECT year, generation, payload FROM stats_year_figures WHERE user_id = \(bind: userID) ORDER BY year"
        ).all()
        let decoder = JSONDecoder()
        var parts: [StatsFigures] = []
        for row in rows {
            let year = try row.decode(column: "year", as: String.self)
            if let payload = try row.decode(column: "payload", as: String?.self),
                let figures = try? decoder.decode(StatsFigures.self, from: Data(payload.utf8)),
                figures.format == StatsFigures.currentFormat
            {
                parts.append(figures)
                continue
            }
            // The generation is read before the finishes: figures stored under it are at least as new as it.
            let generation = try row.decode(column: "generation", as: Int.self)
            let figures = try await StatsQuery(db: db, userID: userID, from: nil, to: nil, yearOfAllTime: year).figures()
            parts.append(figures)
            // A figure not kept is read again next time; the reader still gets this one.
            try? await keep(figures, year: year, generation: generation)
        }
        return StatsFigures.merged(parts)
    }

    /// Stores a year's figures unless a write has moved its generation on since they were read.
    /// Best effort: a failure leaves the year to be read again next time. On PostgreSQL a year a
    /// writer holds (an import still running) is skipped rather than waited for.
    package func keep(_ figures: StatsFigures, year: String, generation: Int) async throws {
        let payload = String(decoding: try JSONEncoder().encode(figures), as: UTF8.self)
        let unlocked: SQLQueryString =
            sql.databaseDialect.skippingLockedRows.map {
                """
                 AND year IN (SELECT year FROM stats_year_figures WHERE user_id = \(bind: userID) AND year = \(bind: year)\(unsafeRaw: $0))
                """
            } ?? ""
        try await sql.raw(
            """
            UPDATE stats_year_figures SET payload = \(bind: payload)
            WHERE user_id = \(bind: userID) AND year = \(bind: year) AND generation = \(bind: generation)\(unlocked)
            """
        ).run()
    }

    package init(db: any Database, userID: UUID) {
        self.db = db
        self.userID = userID
    }
}
