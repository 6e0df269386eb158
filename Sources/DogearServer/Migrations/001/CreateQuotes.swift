import Fluent

struct CreateQuotes: NumberedMigration {
    static let folder = 1

    func prepare(on database: any Database) async throws {
        try await database.schema("quotes")
            .id()
            .field("entry_id", .uuid, .required, .references("library_entries", "id", onDelete: .cascade))
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("text", .string, .required)
            .field("page", .int)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("quotes").delete()
    }
}
