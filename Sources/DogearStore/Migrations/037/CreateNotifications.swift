import FluentKit
import SQLKit

/// A reader's notifications. `notifications`: one row a thing told (its kind, club, who did it,
/// what it is about, and for a comment its place in the book, so the spoiler gate can hold when it
/// is read; `mailed_at` once a digest carried it); `once_key` makes a reminder or a warning one per reader however often the sweep runs
/// (NULL for the others, and NULLs never collide). `notification_settings`: a reader's choice per
/// kind (a missing row is Core's defaults). `digest_runs`: a digest period claimed for a reader by
/// one process, so two processes never mail it twice; `digest_unsubscribes`: the secret of a
/// reader's one-click unsubscribe link. On `club_comments`, `reply_to_id` is the
/// comment a reply answers (the thread stays under its top-level comment, `parent_id`).
package struct CreateNotifications: NumberedMigration {
    package static let folder = 37

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        let timestamp = sql.kind == .postgres ? "TIMESTAMPTZ" : "DATETIME"
        let real = sql.kind == .postgres ? "DOUBLE PRECISION" : "REAL"
        try await sql.raw(
            """
            CREATE TABLE notifications (
              id UUID PRIMARY KEY,
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              kind TEXT NOT NULL,
              club_id UUID REFERENCES clubs(id) ON DELETE CASCADE,
              actor_id UUID REFERENCES users(id) ON DELETE SET NULL,
              subject_id UUID,
              work_id UUID REFERENCES works(id) ON DELETE SET NULL,
              page INTEGER,
              percent \(unsafeRaw: real),
              title TEXT,
              snippet TEXT,
              once_key TEXT,
              created_at \(unsafeRaw: timestamp) NOT NULL,
              read_at \(unsafeRaw: timestamp),
              mailed_at \(unsafeRaw: timestamp))
            """
        ).run()
        try await sql.raw("CREATE INDEX idx_notifications_reader ON notifications (user_id, created_at)").run()
        try await sql.raw("CREATE UNIQUE INDEX idx_notifications_once ON notifications (user_id, once_key)").run()
        // The bell's count on every page: the unread rows only.
        try await sql.raw("CREATE INDEX idx_notifications_unread ON notifications (user_id) WHERE read_at IS NULL").run()
        try await sql.raw(
            """
            CREATE TABLE notification_settings (
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              kind TEXT NOT NULL,
              email TEXT NOT NULL,
              push BOOLEAN NOT NULL,
              PRIMARY KEY (user_id, kind))
            """
        ).run()
        try await sql.raw(
            """
            CREATE TABLE digest_runs (
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              frequency TEXT NOT NULL,
              period_start \(unsafeRaw: timestamp) NOT NULL,
              sent_at \(unsafeRaw: timestamp),
              PRIMARY KEY (user_id, frequency, period_start))
            """
        ).run()
        // The secret in a digest's unsubscribe link: one per reader, made with their first digest.
        try await sql.raw(
            """
            CREATE TABLE digest_unsubscribes (
              user_id UUID PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
              token TEXT NOT NULL UNIQUE)
            """
        ).run()
        try await sql.raw("ALTER TABLE club_comments ADD COLUMN reply_to_id UUID REFERENCES club_comments(id) ON DELETE SET NULL")
            .run()
    }

    package func revert(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("ALTER TABLE club_comments DROP COLUMN reply_to_id").run()
        for table in ["digest_unsubscribes", "digest_runs", "notification_settings", "notifications"] {
            try await sql.drop(table: table).run()
        }
    }
}
