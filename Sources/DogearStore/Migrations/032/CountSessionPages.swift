import FluentKit
import SQLKit

/// Pages logged in sessions count toward pages read, in the month they were read: a reader who
/// logged 300 pages this year of a book not yet finished saw 0 pages this year on Home, Stats, the
/// year page and a pages goal.
///
/// - `finish_facts.unlogged_pages`: what a finish adds beyond the sessions that logged its pages
///   (`StatsFactTriggers.withLogged`); the figures add the range's session pages to their sum.
/// - Migration 020's triggers again, with three more on `reading_sessions` that refresh the facts
///   of a finished book whose sessions change (027's conditions kept).
/// - Three on `session_days` that clear the year's stored all-time figures when its session pages
///   change (`StatsYearFigures`), as a finish does; a year with sessions and no finish gets a row.
package struct CountSessionPages: NumberedMigration {
    package static let folder = 32

    /// The stats triggers as this migration leaves them (or, `countsSessions` false, as 027 left them).
    package static func statsTriggers(postgres: Bool, countsSessions: Bool) -> [RowTrigger] {
        StatsFactTriggers(postgres: postgres, countsSessions: countsSessions).triggers.map { trigger in
            var trigger = trigger
            if let condition = SkipIdleStatsTriggers.conditions[trigger.name] { trigger.condition = condition }
            return trigger
        }
    }

    package static var yearTriggers: [RowTrigger] {
        let touch = CreateStatsYearFigures.touch
        return [
            RowTrigger(
                name: "stats_year_session_insert", when: "AFTER INSERT", table: "session_days", body: [touch("NEW")],
                condition: "NEW.pages <> 0"),
            RowTrigger(
                name: "stats_year_session_update", when: "AFTER UPDATE", table: "session_days",
                body: [touch("OLD"), touch("NEW")], condition: "NEW.pages <> OLD.pages OR NEW.day <> OLD.day"),
            RowTrigger(
                name: "stats_year_session_delete", when: "AFTER DELETE", table: "session_days", body: [touch("OLD")],
                condition: "OLD.pages <> 0"),
        ]
    }

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        let postgres = sql.kind == .postgres
        try await sql.raw("ALTER TABLE finish_facts ADD COLUMN unlogged_pages BIGINT NOT NULL DEFAULT 0").run()
        var statements = RowTrigger.drop(Self.statsTriggers(postgres: postgres, countsSessions: false), postgres: postgres)
        statements += RowTrigger.create(Self.statsTriggers(postgres: postgres, countsSessions: true), postgres: postgres)
        statements += RowTrigger.create(Self.yearTriggers, postgres: postgres)
        // A finish of a book without sessions adds all its pages; the books with sessions are read again.
        statements.append("UPDATE finish_facts SET unlogged_pages = COALESCE(pages, 0)")
        statements += StatsFactTriggers(postgres: postgres).refresh(
            entries: "SELECT DISTINCT s.entry_id FROM reading_sessions s WHERE s.pages_read IS NOT NULL AND s.pages_read <> 0")
        // Years whose only pages are sessions' get their row (the triggers add them from now on).
        statements.append(
            """
            INSERT INTO stats_year_figures (user_id, year, generation, payload)
            SELECT DISTINCT d.user_id, SUBSTR(d.day, 1, 4), 1, NULL FROM session_days d WHERE d.pages <> 0
            ON CONFLICT (user_id, year) DO UPDATE SET generation = stats_year_figures.generation + 1, payload = NULL
            """)
        for statement in statements { try await sql.raw(SQLQueryString(statement)).run() }
    }

    package func revert(on database: any Database) async throws {
        let sql = database.sql
        let postgres = sql.kind == .postgres
        var statements = RowTrigger.drop(Self.yearTriggers, postgres: postgres)
        statements += RowTrigger.drop(Self.statsTriggers(postgres: postgres, countsSessions: true), postgres: postgres)
        statements += RowTrigger.create(Self.statsTriggers(postgres: postgres, countsSessions: false), postgres: postgres)
        statements.append("ALTER TABLE finish_facts DROP COLUMN unlogged_pages")
        for statement in statements { try await sql.raw(SQLQueryString(statement)).run() }
    }
}
