import FluentKit

package struct CreateExternalIDs: NumberedMigration {
    package static let folder = 1

    package func prepare(on database: any Database) async throws {
        // One row per ID a source gave, on exactly one of work, edition or author: a work can have
        // several Google Books volumes or Goodreads work IDs.
        try await database.schema("external_ids")
            .id()
            .field("work_id", .uuid, .references("works", "id", onDelete: .cascade))
            .field("edition_id", .uuid, .references("editions", "id", onDelete: .cascade))
            .field("author_id", .uuid, .references("authors", "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .field("value", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("external_ids").delete()
    }
}
