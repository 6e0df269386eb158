import FluentKit

package struct CreateEntryTags: NumberedMigration {
    package static let folder = 1

    package func prepare(on database: any Database) async throws {
        try await database.schema("entry_tags")
            .id()
            .field("entry_id", .uuid, .required, .references("library_entries", "id", onDelete: .cascade))
            .field("tag_id", .uuid, .required, .references("tags", "id", onDelete: .cascade))
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "entry_id", "tag_id")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("entry_tags").delete()
    }
}
