import FluentKit
import SQLKit

/// A club's meetings. `club_meetings`: one a row, its start NULL while a date poll is open; a
/// cancelled meeting keeps its row with `cancelled_at` (calendars are told, not left guessing), and
/// `sequence` counts its changes (iCalendar's SEQUENCE). `meeting_options`: a poll's times;
/// `meeting_votes`: who chose which (one row a member and time); `meeting_rsvps`: one answer a
/// member and meeting. `calendar_feeds`: a reader's one secret calendar address. On
/// `club_milestones`, `sequence` counts a milestone's changes, as the schedule now keeps its rows.
package struct CreateClubMeetings: NumberedMigration {
    package static let folder = 36

    package func prepare(on database: any Database) async throws {
        try await database.schema("club_meetings")
            .id()
            .field("club_id", .uuid, .required, .references("clubs", "id", onDelete: .cascade))
            .field("created_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("milestone_id", .uuid, .references("club_milestones", "id", onDelete: .setNull))
            .field("title", .string, .required)
            .field("starts_at", .datetime)
            .field("ends_at", .datetime)
            .field("place", .string)
            .field("link", .string)
            .field("time_zone", .string, .required)
            .field("sequence", .int, .required)
            .field("cancelled_at", .datetime)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.schema("meeting_options")
            .id()
            .field("meeting_id", .uuid, .required, .references("club_meetings", "id", onDelete: .cascade))
            .field("starts_at", .datetime, .required)
            .create()
        let sql = database.sql
        let timestamp = sql.kind == .postgres ? "TIMESTAMPTZ" : "DATETIME"
        try await sql.raw(
            """
            CREATE TABLE meeting_votes (
              option_id UUID NOT NULL REFERENCES meeting_options(id) ON DELETE CASCADE,
              meeting_id UUID NOT NULL REFERENCES club_meetings(id) ON DELETE CASCADE,
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              PRIMARY KEY (option_id, user_id))
            """
        ).run()
        try await sql.raw(
            """
            CREATE TABLE meeting_rsvps (
              meeting_id UUID NOT NULL REFERENCES club_meetings(id) ON DELETE CASCADE,
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              answer TEXT NOT NULL,
              answered_at \(unsafeRaw: timestamp) NOT NULL,
              PRIMARY KEY (meeting_id, user_id))
            """
        ).run()
        try await sql.raw(
            """
            CREATE TABLE calendar_feeds (
              user_id UUID PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
              token TEXT NOT NULL UNIQUE,
              created_at \(unsafeRaw: timestamp) NOT NULL)
            """
        ).run()
        try await sql.raw("CREATE INDEX idx_club_meetings_club ON club_meetings (club_id, starts_at)").run()
        try await sql.raw("CREATE INDEX idx_meeting_options_meeting ON meeting_options (meeting_id, starts_at)").run()
        try await sql.raw("CREATE INDEX idx_meeting_votes_meeting ON meeting_votes (meeting_id, user_id)").run()
        try await sql.raw("ALTER TABLE club_milestones ADD COLUMN sequence INTEGER NOT NULL DEFAULT 0").run()
    }

    package func revert(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("ALTER TABLE club_milestones DROP COLUMN sequence").run()
        for table in ["calendar_feeds", "meeting_rsvps", "meeting_votes", "meeting_options", "club_meetings"] {
            try await sql.drop(table: table).run()
        }
    }
}
