import FluentKit

/// Book clubs: the club with its join code (registered in `share_codes`, so codes stay unique across
/// lists and clubs), its members with their roles, and the books it read (the current one has no
/// end date).
package struct CreateClubs: NumberedMigration {
    package static let folder = 6

    package func prepare(on database: any Database) async throws {
        try await database.schema("clubs")
            .id()
            .field("owner_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("description", .string)
            .field("cover_url", .string)
            .field("is_public", .bool, .required)
            .field("join_code", .string, .required)
            .field("member_count", .int, .required)
            .field("books_completed", .int, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "join_code")
            .create()
        try await database.schema("club_members")
            .id()
            .field("club_id", .uuid, .required, .references("clubs", "id", onDelete: .cascade))
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("role", .string, .required)
            .field("hides_progress", .bool, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "club_id", "user_id")
            .create()
        try await database.schema("club_books")
            .id()
            .field("club_id", .uuid, .required, .references("clubs", "id", onDelete: .cascade))
            .field("work_id", .uuid, .required, .references("works", "id"))
            .field("started_on", .string, .required)
            .field("finished_on", .string)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX idx_club_members_user ON club_members (user_id)").run()
        try await sql.raw("CREATE INDEX idx_club_books_club ON club_books (club_id, started_on)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("club_books").delete()
        try await database.schema("club_members").delete()
        try await database.schema("clubs").delete()
    }
}
