import FluentKit

/// What happens in a club: its activity feed (an integer id, so "newest first" pages and an event
/// stream's `Last-Event-ID` are one ordered number), the discussion, the schedule of the current book,
/// and proposals for the next book with their votes.
package struct CreateClubTalk: NumberedMigration {
    package static let folder = 7

    package func prepare(on database: any Database) async throws {
        try await database.schema("club_activities")
            .field(.id, .int, .identifier(auto: true))
            .field("club_id", .uuid, .required, .references("clubs", "id", onDelete: .cascade))
            .field("actor_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .field("work_id", .uuid, .references("works", "id"))
            .field("amount", .int)
            .field("subject_id", .uuid)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.schema("club_comments")
            .id()
            .field("club_id", .uuid, .required, .references("clubs", "id", onDelete: .cascade))
            .field("author_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("parent_id", .uuid, .references("club_comments", "id", onDelete: .cascade))
            .field("work_id", .uuid, .references("works", "id"))
            .field("note_id", .uuid, .references("notes", "id", onDelete: .setNull))
            .field("body", .string, .required)
            .field("page", .int)
            .field("percent", .double)
            .field("edited_at", .datetime)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.schema("club_milestones")
            .id()
            .field("club_book_id", .uuid, .required, .references("club_books", "id", onDelete: .cascade))
            .field("position", .int, .required)
            .field("label", .string)
            .field("page", .int)
            .field("percent", .double)
            .field("due_on", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.schema("club_proposals")
            .id()
            .field("club_id", .uuid, .required, .references("clubs", "id", onDelete: .cascade))
            .field("proposer_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("work_id", .uuid, .required, .references("works", "id"))
            .field("state", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.schema("club_votes")
            .id()
            .field("proposal_id", .uuid, .required, .references("club_proposals", "id", onDelete: .cascade))
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "proposal_id", "user_id")
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX idx_club_activities_club ON club_activities (club_id, id)").run()
        try await sql.raw("CREATE INDEX idx_club_comments_club ON club_comments (club_id, created_at)").run()
        try await sql.raw("CREATE INDEX idx_club_comments_parent ON club_comments (parent_id)").run()
        try await sql.raw("CREATE INDEX idx_club_milestones_book ON club_milestones (club_book_id, position)").run()
        try await sql.raw("CREATE INDEX idx_club_proposals_club ON club_proposals (club_id, state)").run()
    }

    package func revert(on database: any Database) async throws {
        for table in ["club_votes", "club_proposals", "club_milestones", "club_comments", "club_activities"] {
            try await database.schema(table).delete()
        }
    }
}
