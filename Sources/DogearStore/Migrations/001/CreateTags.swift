import FluentKit

package struct CreateTags: NumberedMigration {
    package static let folder = 1

    package func prepare(on database: any Database) async throws {
        try await database.schema("tags")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            // Lower-case identity; `display` keeps the spelling first typed.
            .field("key", .string, .required)
            .field("display", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "user_id", "key")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("tags").delete()
    }
}
