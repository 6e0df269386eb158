import Foundation
import Fluent
import SQLKit

/// The library search index (SPEC §3), one row per entry. This is the one place the two databases
/// differ, so it is raw SQL by dialect: an FTS5 table on SQLite, a table with a GIN-indexed
/// tsvector on PostgreSQL. Existing entries are indexed as part of the migration.
struct CreateEntrySearch: NumberedMigration {
    static let folder = 2

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        if sql.dialect.name == "sqlite" {
            // `owner` holds the user as a token, so MATCH narrows to one library inside the index.
            try await sql.raw("""
                CREATE VIRTUAL TABLE entry_search USING fts5(
                  entry_id UNINDEXED, owner, title, authors, isbn, tags, notes, quotes,
                  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')
                """).run()
        } else {
            try await sql.raw("""
                CREATE TABLE entry_search (
                  entry_id UUID PRIMARY KEY REFERENCES library_entries(id) ON DELETE CASCADE,
                  user_id UUID NOT NULL,
                  title TEXT NOT NULL, authors TEXT NOT NULL, isbn TEXT NOT NULL,
                  tags TEXT NOT NULL, notes TEXT NOT NULL, quotes TEXT NOT NULL,
                  document TSVECTOR NOT NULL)
                """).run()
            try await sql.raw("CREATE INDEX idx_entry_search_document ON entry_search USING GIN (document)").run()
            try await sql.raw("CREATE INDEX idx_entry_search_user ON entry_search (user_id)").run()
        }
        try await SearchIndexer(db: database).rebuildAll()
    }

    func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("DROP TABLE entry_search").run()
    }
}
