import FluentKit

package struct CreateNotes: NumberedMigration {
    package static let folder = 1

    package func prepare(on database: any Database) async throws {
        try await database.schema("notes")
            .id()
            .field("entry_id", .uuid, .required, .references("library_entries", "id", onDelete: .cascade))
            // Kept beside the entry so /notes/{id} checks the owner in one query.
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("content", .string, .required)
            .field("is_discussion", .bool, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("notes").delete()
    }
}
