import FluentKit
import Foundation
import SQLKit

/// The sync log.
///
/// - `sync_clocks`: each reader's version counter. Every write to a reader's own data raises it in
///   the same transaction (`SyncLog`), and the raise takes the row's lock, so a reader's versions
///   are handed out in commit order on PostgreSQL as they are on SQLite, whose writers take turns:
///   a client that has seen version 12 can never later find an 11 committed behind it.
///   `forgotten_through` is the newest version among the tombstones already forgotten.
/// - `sync_changes`: one row per object the reader has or had: its type, id, the version of its
///   last change, and `deleted_at` once it is gone (a tombstone, kept for the retention).
/// - `sync_epoch`: one row; a restore writes a new one, so cursors from before it ask for a resync.
/// - `idempotency_keys`: a reader's `Idempotency-Key`s for 24 hours, with the request's hash and the
///   answer to replay.
///
/// Everything readers have already gets a version here, so a first sync after the upgrade is whole.
package struct CreateSyncLog: NumberedMigration {
    package static let folder = 23

    /// Every synced object of every reader, as (user_id, object_type, object_id).
    package static let objects = """
        SELECT user_id, 'entry' AS object_type, id AS object_id FROM library_entries
        UNION ALL SELECT e.user_id, 'session', s.id FROM reading_sessions s JOIN library_entries e ON e.id = s.entry_id
        UNION ALL SELECT user_id, 'note', id FROM notes
        UNION ALL SELECT user_id, 'quote', id FROM quotes
        UNION ALL SELECT user_id, 'list', id FROM lists
        UNION ALL SELECT l.user_id, 'listItem', i.id FROM list_items i JOIN lists l ON l.id = i.list_id
        UNION ALL SELECT user_id, 'savedList', list_id FROM saved_lists
        UNION ALL SELECT user_id, 'goal', id FROM reading_goals
        UNION ALL SELECT id, 'profile', id FROM users
        """

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        let postgres = sql.kind == .postgres
        let timestamp = postgres ? "TIMESTAMPTZ" : "DATETIME"
        let statements: [String] = [
            """
            CREATE TABLE sync_clocks (
              user_id UUID PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
              version BIGINT NOT NULL, forgotten_through BIGINT NOT NULL)
            """,
            """
            CREATE TABLE sync_changes (
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE, object_type TEXT NOT NULL,
              object_id UUID NOT NULL, version BIGINT NOT NULL, deleted_at \(timestamp),
              PRIMARY KEY (user_id, object_type, object_id))
            """,
            "CREATE UNIQUE INDEX idx_sync_changes_version ON sync_changes (user_id, version)",
            "CREATE INDEX idx_sync_changes_tombstones ON sync_changes (user_id, deleted_at) WHERE deleted_at IS NOT NULL",
            "CREATE TABLE sync_epoch (id BIGINT PRIMARY KEY, epoch TEXT NOT NULL)",
            """
            CREATE TABLE idempotency_keys (
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE, key TEXT NOT NULL,
              request_hash TEXT NOT NULL, created_at \(timestamp) NOT NULL, status BIGINT, headers TEXT,
              body \(postgres ? "BYTEA" : "BLOB"), PRIMARY KEY (user_id, key))
            """,
            "CREATE INDEX idx_idempotency_keys_created ON idempotency_keys (created_at)",
            """
            INSERT INTO sync_changes (user_id, object_type, object_id, version)
            SELECT user_id, object_type, object_id,
                   ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY object_type, object_id)
            FROM (\(Self.objects)) AS objects
            """,
            """
            INSERT INTO sync_clocks (user_id, version, forgotten_through)
            SELECT id, (SELECT COUNT(*) FROM sync_changes c WHERE c.user_id = users.id), 0 FROM users
            """,
        ]
        for statement in statements { try await sql.raw(SQLQueryString(statement)).run() }
        try await sql.raw("INSERT INTO sync_epoch (id, epoch) VALUES (1, \(bind: SyncEpoch.fresh()))").run()
    }

    package func revert(on database: any Database) async throws {
        for table in ["idempotency_keys", "sync_epoch", "sync_changes", "sync_clocks"] {
            try await database.sql.drop(table: table).run()
        }
    }
}

/// The change log's epoch: new at the migration and at every restore.
package enum SyncEpoch {
    package static func fresh() -> String {
        UUID.timeOrdered().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12).description
    }
}
