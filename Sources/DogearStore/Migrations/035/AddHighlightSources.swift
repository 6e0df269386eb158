import FluentKit
import SQLKit

/// Highlights from e-readers. On `quotes`: the device's location ("180-182"), the reader's note on
/// the passage, and which highlight of which device it is (`source_key`, unique per entry, so the
/// same file imported again finds its quotes; NULL for quotes typed in Dogear, and NULLs never
/// collide). `import_waiting_books`: a highlights import's books that matched none of the
/// reader's, with their quotes, until the reader links each to a book (or the job goes).
package struct AddHighlightSources: NumberedMigration {
    package static let folder = 35

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        for column in ["location", "note", "source_key"] {
            try await sql.raw("ALTER TABLE quotes ADD COLUMN \(unsafeRaw: column) TEXT").run()
        }
        try await sql.raw("CREATE UNIQUE INDEX idx_quotes_source ON quotes (entry_id, source_key)").run()
        let timestamp = sql.kind == .postgres ? "TIMESTAMPTZ" : "DATETIME"
        try await sql.raw(
            """
            CREATE TABLE import_waiting_books (
              id UUID PRIMARY KEY,
              job_id UUID NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              position INTEGER NOT NULL,
              title TEXT NOT NULL,
              author TEXT,
              highlights INTEGER NOT NULL,
              content TEXT NOT NULL,
              created_at \(unsafeRaw: timestamp) NOT NULL)
            """
        ).run()
        // One row a book of a job: two processes running one job (a lease taken over) write it once.
        try await sql.raw("CREATE UNIQUE INDEX idx_import_waiting_books_job ON import_waiting_books (job_id, position)").run()
    }

    package func revert(on database: any Database) async throws {
        let sql = database.sql
        try await sql.drop(table: "import_waiting_books").run()
        try await sql.raw("DROP INDEX idx_quotes_source").run()
        for column in ["location", "note", "source_key"] {
            try await sql.raw("ALTER TABLE quotes DROP COLUMN \(unsafeRaw: column)").run()
        }
    }
}
