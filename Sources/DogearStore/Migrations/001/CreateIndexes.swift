import FluentKit
import SQLKit

/// Indexes for the paths every page takes: a user's entries by date, an entry's children, lookups
/// by author name and external ID. Plain CREATE INDEX is the same on SQLite and PostgreSQL.
package struct CreateIndexes: NumberedMigration {
    package static let folder = 1

    package static let indexes: [(name: String, table: String, columns: [String])] = [
        ("idx_entries_user_added", "library_entries", ["user_id", "date_added"]),
        ("idx_entries_work", "library_entries", ["work_id"]),
        ("idx_editions_work", "editions", ["work_id"]),
        ("idx_work_authors_author", "work_authors", ["author_id"]),
        ("idx_authors_name", "authors", ["name"]),
        ("idx_external_ids_value", "external_ids", ["kind", "value"]),
        ("idx_sessions_entry", "reading_sessions", ["entry_id"]),
        ("idx_notes_entry", "notes", ["entry_id"]),
        ("idx_quotes_entry", "quotes", ["entry_id"]),
        ("idx_entry_tags_tag", "entry_tags", ["tag_id"]),
        ("idx_read_throughs_entry", "read_throughs", ["entry_id"]),
        ("idx_user_tokens_user", "user_tokens", ["user_id"]),
    ]

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        for index in Self.indexes {
            var builder = sql.create(index: index.name).on(index.table)
            for column in index.columns { builder = builder.column(column) }
            try await builder.run()
        }
    }

    package func revert(on database: any Database) async throws {
        let sql = database.sql
        for index in Self.indexes.reversed() {
            try await sql.drop(index: index.name).run()
        }
    }
}
