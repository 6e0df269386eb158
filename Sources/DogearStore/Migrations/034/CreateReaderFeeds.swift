import FluentKit
import SQLKit

/// A reader's feeds out: one secret per reader (the path of both feeds), replaced when the reader
/// makes the addresses again and deleted when they revoke them.
package struct CreateReaderFeeds: NumberedMigration {
    package static let folder = 34

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        let timestamp = sql.kind == .postgres ? "TIMESTAMPTZ" : "DATETIME"
        try await sql.raw(
            """
            CREATE TABLE reader_feeds (
              user_id UUID PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
              token TEXT NOT NULL UNIQUE,
              created_at \(unsafeRaw: timestamp) NOT NULL)
            """
        ).run()
    }

    package func revert(on database: any Database) async throws {
        try await database.sql.drop(table: "reader_feeds").run()
    }
}
