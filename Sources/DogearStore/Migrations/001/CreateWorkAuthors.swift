import FluentKit

package struct CreateWorkAuthors: NumberedMigration {
    package static let folder = 1

    package func prepare(on database: any Database) async throws {
        try await database.schema("work_authors")
            .id()
            .field("work_id", .uuid, .required, .references("works", "id", onDelete: .cascade))
            .field("author_id", .uuid, .required, .references("authors", "id", onDelete: .restrict))
            // Author order as on the cover.
            .field("position", .int, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "work_id", "author_id")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("work_authors").delete()
    }
}
