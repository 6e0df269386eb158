import FluentKit
import SQLKit

/// The two tables statistics read instead of the library itself (`dogear bench stats`: a year of a
/// 100,000-book library took half a second over the library's own tables, all time eight):
///
/// - `finish_facts`: one row per finish (an entry read, or a past read-through read) with what the
///   figures group by already beside it: the edition's pages, format and language, the work's
///   title, genres, languages and translator, the first author's gender and region, whether any
///   author is a marginalised or indigenous voice (Core's `AuthorVoice`), every author's id, and
///   flags marking the first finish of its book in its month, its year and ever, so a distinct
///   book count is a sum instead of a `COUNT(DISTINCT …)`. Rows sit in reader-then-day order (a
///   clustered key), so a year is one contiguous range.
/// - `session_days`: one row per reader and day with the sessions, minutes and pages logged on it.
///
/// Both are kept by database triggers in the same statement as the change (`StatsFactTriggers`),
/// whatever writes it (the web app, the API, an import, a catalog edit, enrichment, an account
/// deletion), so no write path can leave them behind. The migration fills them from the library.
package struct CreateStatsFacts: NumberedMigration {
    package static let folder = 20

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        let postgres = sql.kind == .postgres
        let tail = postgres ? "" : " WITHOUT ROWID"
        try await sql.raw(
            """
            CREATE TABLE finish_facts (
              user_id UUID NOT NULL, day TEXT NOT NULL, finish_id UUID NOT NULL,
              entry_id UUID NOT NULL, work_id UUID NOT NULL, title TEXT NOT NULL, started TEXT,
              pages BIGINT, rating BIGINT, format TEXT, language TEXT, original_language TEXT, translator INTEGER NOT NULL,
              first_gender TEXT, first_region TEXT, marginalised INTEGER NOT NULL, indigenous INTEGER NOT NULL,
              genres \(unsafeRaw: postgres ? "TEXT[]" : "JSON") NOT NULL, author_ids \(unsafeRaw: postgres ? "UUID[]" : "JSON") NOT NULL,
              is_public \(unsafeRaw: postgres ? "BOOLEAN" : "INTEGER") NOT NULL, reread INTEGER NOT NULL, cultural_goal TEXT,
              first_in_month INTEGER NOT NULL, first_in_year INTEGER NOT NULL, first_ever INTEGER NOT NULL,
              PRIMARY KEY (user_id, day, finish_id))\(unsafeRaw: tail)
            """
        ).run()
        try await sql.create(index: "idx_finish_facts_entry").on("finish_facts").column("entry_id").run()
        try await sql.raw(
            """
            CREATE TABLE session_days (
              user_id UUID NOT NULL, day TEXT NOT NULL, sessions BIGINT NOT NULL, minutes BIGINT NOT NULL,
              pages BIGINT NOT NULL, PRIMARY KEY (user_id, day))\(unsafeRaw: tail)
            """
        ).run()
        // The edition trigger finds the entries of an edition by it.
        try await sql.create(index: "idx_entries_edition").on("library_entries").column("edition_id").run()

        let triggers = StatsFactTriggers(postgres: postgres, countsSessions: false)
        for statement in triggers.create { try await sql.raw(SQLQueryString(statement)).run() }
        for statement in triggers.refresh(entries: "SELECT id FROM library_entries") {
            try await sql.raw(SQLQueryString(statement)).run()
        }
        try await sql.raw(SQLQueryString(StatsFactTriggers.fillSessionDays)).run()
    }

    package func revert(on database: any Database) async throws {
        let sql = database.sql
        for statement in StatsFactTriggers(postgres: sql.kind == .postgres, countsSessions: false).drop {
            try await sql.raw(SQLQueryString(statement)).run()
        }
        try await sql.drop(index: "idx_entries_edition").run()
        try await sql.drop(table: "session_days").run()
        try await sql.drop(index: "idx_finish_facts_entry").run()
        try await sql.drop(table: "finish_facts").run()
    }
}
