import FluentKit
import SQLKit

/// `stats_year_figures`: one row per reader and year of their finishes ("" for the undated), with
/// that year's part of all time's figures once read (`StatsYearFigures`), and a generation that
/// every change to the year's finishes raises. All time for a 100,000-book library took a quarter
/// of a second over `finish_facts`; merging stored years takes a few milliseconds plus the years
/// that changed.
///
/// The triggers on `finish_facts` keep it whatever writes the facts (their own triggers, an
/// import, an account deletion): a finish in or out clears its year's figures and raises its
/// generation, a finish into a year not seen before adds the year's row.
package struct CreateStatsYearFigures: NumberedMigration {
    package static let folder = 21

    /// A trigger body clearing the stored figures of the year of `row` (`NEW` or `OLD`, a row with
    /// `user_id` and `day`), adding the year's row when it has none.
    package static func touch(_ row: String) -> String {
        """
        INSERT INTO stats_year_figures (user_id, year, generation, payload)
        VALUES (\(row).user_id, SUBSTR(\(row).day, 1, 4), 1, NULL)
        ON CONFLICT (user_id, year) DO UPDATE SET generation = stats_year_figures.generation + 1, payload = NULL
        """
    }

    package static var triggers: [RowTrigger] {
        [
            RowTrigger(name: "stats_year_finish_insert", when: "AFTER INSERT", table: "finish_facts", body: [touch("NEW")]),
            RowTrigger(
                name: "stats_year_finish_update", when: "AFTER UPDATE", table: "finish_facts", body: [touch("OLD"), touch("NEW")]),
            RowTrigger(name: "stats_year_finish_delete", when: "AFTER DELETE", table: "finish_facts", body: [touch("OLD")]),
        ]
    }

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        let postgres = sql.kind == .postgres
        try await sql.raw(
            """
            CREATE TABLE stats_year_figures (
              user_id UUID NOT NULL, year TEXT NOT NULL, generation BIGINT NOT NULL, payload TEXT,
              PRIMARY KEY (user_id, year))
            """
        ).run()
        try await sql.raw(
            "INSERT INTO stats_year_figures (user_id, year, generation, payload) SELECT DISTINCT user_id, SUBSTR(day, 1, 4), 1, NULL FROM finish_facts"
        ).run()
        for statement in RowTrigger.create(Self.triggers, postgres: postgres) {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    package func revert(on database: any Database) async throws {
        let sql = database.sql
        let postgres = sql.kind == .postgres
        for statement in RowTrigger.drop(Self.triggers, postgres: postgres) {
            try await sql.raw(SQLQueryString(statement)).run()
        }
        try await sql.drop(table: "stats_year_figures").run()
    }
}
