import FluentKit
import Foundation
import SQLKit

/// The library search index, one row per entry. This is the one place the two databases
/// differ, so it is raw SQL by dialect: an FTS5 table on SQLite, a table with a GIN-indexed
/// tsvector on PostgreSQL. Only the tables: a migration is fixed history and must not call the
/// app's code, so entries that were there before are indexed after migrating
/// (`Application.prepareDatabase`, `SearchIndexer.indexMissing`).
package struct CreateEntrySearch: NumberedMigration {
    package static let folder = 2

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        if sql.kind == .sqlite {
            // The texts live in an ordinary table keyed by an integer that follows date added
            // (see SQLiteSearchIndex.rowid), and FTS5 indexes them as external content: no second
            // copy of every note, lookups by entry id through a real index, and "newest first"
            // read straight off the full-text index in rowid order.
            try await sql.raw(
                """
                CREATE TABLE entry_search_docs (
                  rowid INTEGER PRIMARY KEY, entry_id TEXT NOT NULL UNIQUE, owner TEXT NOT NULL,
                  title TEXT NOT NULL, authors TEXT NOT NULL, isbn TEXT NOT NULL,
                  tags TEXT NOT NULL, notes TEXT NOT NULL, quotes TEXT NOT NULL)
                """
            ).run()
            try await sql.raw(
                """
                CREATE VIRTUAL TABLE entry_search USING fts5(
                  title, authors, isbn, tags, notes, quotes,
                  content = 'entry_search_docs', content_rowid = 'rowid',
                  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')
                """
            ).run()
        } else {
            try await sql.raw(
                """
                CREATE TABLE entry_search (
                  entry_id UUID PRIMARY KEY REFERENCES library_entries(id) ON DELETE CASCADE,
                  user_id UUID NOT NULL,
                  title TEXT NOT NULL, authors TEXT NOT NULL, isbn TEXT NOT NULL,
                  tags TEXT NOT NULL, notes TEXT NOT NULL, quotes TEXT NOT NULL,
                  document TSVECTOR NOT NULL)
                """
            ).run()
            try await sql.raw("CREATE INDEX idx_entry_search_document ON entry_search USING GIN (document)").run()
            try await sql.raw("CREATE INDEX idx_entry_search_user ON entry_search (user_id)").run()
        }
    }

    package func revert(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("DROP TABLE entry_search").run()
        if sql.kind == .sqlite { try await sql.raw("DROP TABLE entry_search_docs").run() }
    }
}
