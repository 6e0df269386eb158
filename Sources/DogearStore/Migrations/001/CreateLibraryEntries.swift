import FluentKit

package struct CreateLibraryEntries: NumberedMigration {
    package static let folder = 1

    package func prepare(on database: any Database) async throws {
        try await database.schema("library_entries")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("work_id", .uuid, .required, .references("works", "id", onDelete: .restrict))
            .field("edition_id", .uuid, .references("editions", "id", onDelete: .setNull))
            .field("status", .string, .required)
            .field("owned", .bool, .required)
            .field("on_wishlist", .bool, .required)
            .field("favorite", .bool, .required)
            .field("rating", .int)
            .field("precise_rating", .double)
            .field("date_added", .datetime, .required)
            // Calendar days as yyyy-MM-dd text: a reader's day, not an instant.
            .field("date_started", .string)
            .field("date_finished", .string)
            .field("current_page", .int)
            .field("current_minutes", .int)
            .field("progress", .double, .required)
            .field("daily_goal_pages", .int)
            .field("total_minutes", .int, .required)
            .field("read_count", .int, .required)
            .field("recommended_by", .string)
            .field("would_recommend", .bool)
            .field("is_public", .bool, .required)
            .field("counts_toward_cultural_goal", .bool, .required)
            .field("cultural_goal_category", .string)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "user_id", "work_id")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("library_entries").delete()
    }
}
