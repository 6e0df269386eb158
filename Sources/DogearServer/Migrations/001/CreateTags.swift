import Fluent

struct CreateTags: NumberedMigration {
    static let folder = 1

    func prepare(on database: any Database) async throws {
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

    func revert(on database: any Database) async throws {
        try await database.schema("tags").delete()
    }
}
