import FluentKit
import SQLKit

/// Web Push. `push_subscriptions`: a browser's push address (`endpoint`, the push service's
/// secret URL for that browser) with the keys its messages are encrypted for, owned by the reader
/// signed in when it subscribed (one row per endpoint: a browser handed to another account follows
/// that account) and held by the session or app token it subscribed with (signing out there stops
/// its pushes: the next reader of a shared browser is not shown the last one's); `failures` in a
/// row (a push service that no longer answers is forgotten after a few). `server_keys`: keys the server makes once and keeps, by name (the VAPID signing
/// key; the first process to start writes it, every other reads the same row).
/// `notifications.pushed_at`: when the push sender took a notification (sent or not), so each is
/// pushed at most once however many processes send; rows written before this migration count as
/// taken (a reader who subscribes is not sent the past).
package struct CreatePushSubscriptions: NumberedMigration {
    package static let folder = 38

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        let timestamp = sql.kind == .postgres ? "TIMESTAMPTZ" : "DATETIME"
        try await sql.raw(
            """
            CREATE TABLE push_subscriptions (
              id UUID PRIMARY KEY,
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              token_id UUID NOT NULL REFERENCES user_tokens(id) ON DELETE CASCADE,
              endpoint TEXT NOT NULL UNIQUE,
              p256dh TEXT NOT NULL,
              auth TEXT NOT NULL,
              failures INTEGER NOT NULL DEFAULT 0,
              created_at \(unsafeRaw: timestamp) NOT NULL)
            """
        ).run()
        try await sql.raw("CREATE INDEX idx_push_subscriptions_reader ON push_subscriptions (user_id, created_at)").run()
        try await sql.raw("CREATE INDEX idx_push_subscriptions_token ON push_subscriptions (token_id)").run()
        try await sql.raw(
            """
            CREATE TABLE server_keys (
              name TEXT PRIMARY KEY,
              value TEXT NOT NULL,
              created_at \(unsafeRaw: timestamp) NOT NULL)
            """
        ).run()
        try await sql.raw("ALTER TABLE notifications ADD COLUMN pushed_at \(unsafeRaw: timestamp)").run()
        try await sql.raw("UPDATE notifications SET pushed_at = created_at").run()
        // What the sender looks for each round: only the rows not yet taken.
        try await sql.raw("CREATE INDEX idx_notifications_unpushed ON notifications (created_at) WHERE pushed_at IS NULL").run()
    }

    package func revert(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("DROP INDEX idx_notifications_unpushed").run()
        try await sql.raw("ALTER TABLE notifications DROP COLUMN pushed_at").run()
        for table in ["server_keys", "push_subscriptions"] { try await sql.drop(table: table).run() }
    }
}
