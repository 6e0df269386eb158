import FluentKit
import SQLKit

/// KOReader's progress sync. `device_logins`: a reader's logins for their e-readers (the username
/// KOReader sends, unique across readers because it is all a device names; the SHA-256 of the key
/// KOReader derives from the password). `device_documents`: each book file a reader's devices
/// reported (KOReader names it by a hash), the latest position from any of their devices, the
/// library entry it is linked to (none until the reader links it; unlinked again when the entry
/// goes), and the reading session the last updates are being gathered into.
package struct CreateDeviceSync: NumberedMigration {
    package static let folder = 33

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        let postgres = sql.kind == .postgres
        let timestamp = postgres ? "TIMESTAMPTZ" : "DATETIME"
        let double = postgres ? "DOUBLE PRECISION" : "REAL"
        try await sql.raw(
            """
            CREATE TABLE device_logins (
              id UUID PRIMARY KEY,
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              username TEXT NOT NULL UNIQUE,
              key_hash TEXT NOT NULL,
              created_at \(unsafeRaw: timestamp) NOT NULL,
              last_used_at \(unsafeRaw: timestamp))
            """
        ).run()
        try await sql.raw("CREATE INDEX idx_device_logins_user ON device_logins (user_id)").run()
        try await sql.raw(
            """
            CREATE TABLE device_documents (
              id UUID PRIMARY KEY,
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              document TEXT NOT NULL,
              entry_id UUID REFERENCES library_entries(id) ON DELETE SET NULL,
              percentage \(unsafeRaw: double) NOT NULL,
              progress TEXT NOT NULL,
              device TEXT NOT NULL,
              device_id TEXT NOT NULL,
              reported_at \(unsafeRaw: double) NOT NULL,
              first_seen_at \(unsafeRaw: timestamp) NOT NULL,
              session_id UUID REFERENCES reading_sessions(id) ON DELETE SET NULL,
              session_first_at \(unsafeRaw: double),
              session_last_at \(unsafeRaw: double),
              UNIQUE (user_id, document))
            """
        ).run()
        try await sql.raw("CREATE INDEX idx_device_documents_entry ON device_documents (entry_id)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.sql.drop(table: "device_documents").run()
        try await database.sql.drop(table: "device_logins").run()
    }
}
