import FluentKit
import SQLKit

/// Removal bans: a member an owner or admin removed cannot come back by the join code
/// every member was shown, until an owner or admin lets them back in (the row is deleted then).
/// `removed_by` is who removed them (kept for the club's admins to see; null once that reader's
/// account is gone).
///
/// Join requests: a club may approve each join (`clubs.approves_joins`); a code then leaves a
/// `club_join_requests` row that an owner or admin approves (the reader becomes a member) or declines.
package struct CreateClubBansAndJoinRequests: NumberedMigration {
    package static let folder = 28

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        let timestamp = sql.kind == .postgres ? "TIMESTAMPTZ" : "DATETIME"
        try await sql.raw(
            """
            CREATE TABLE club_bans (
              club_id UUID NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              removed_by UUID REFERENCES users(id) ON DELETE SET NULL,
              created_at \(unsafeRaw: timestamp) NOT NULL,
              PRIMARY KEY (club_id, user_id))
            """
        ).run()
        try await sql.raw(
            """
            CREATE TABLE club_join_requests (
              club_id UUID NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              created_at \(unsafeRaw: timestamp) NOT NULL,
              PRIMARY KEY (club_id, user_id))
            """
        ).run()
        try await sql.raw(
            "ALTER TABLE clubs ADD COLUMN approves_joins \(unsafeRaw: sql.kind == .postgres ? "BOOLEAN" : "INTEGER") NOT NULL DEFAULT \(unsafeRaw: sql.kind == .postgres ? "false" : "0")"
        ).run()
    }

    package func revert(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE clubs DROP COLUMN approves_joins").run()
        try await database.sql.drop(table: "club_join_requests").run()
        try await database.sql.drop(table: "club_bans").run()
    }
}
