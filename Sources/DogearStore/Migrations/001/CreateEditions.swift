import FluentKit

package struct CreateEditions: NumberedMigration {
    package static let folder = 1

    package func prepare(on database: any Database) async throws {
        try await database.schema("editions")
            .id()
            .field("work_id", .uuid, .required, .references("works", "id", onDelete: .restrict))
            .field("isbn13", .string)
            .field("isbn10", .string)
            .field("isbn_display", .string)
            .field("publisher", .string)
            .field("published_date", .string)
            .field("page_count", .int)
            .field("format", .string)
            .field("edition_title", .string)
            .field("language", .string)
            .field("cover_url", .string)
            .field("preview_url", .string)
            .field("info_url", .string)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            // One edition per ISBN, so a lookup or import never makes a second one.
            .unique(on: "isbn13")
            .unique(on: "isbn10")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("editions").delete()
    }
}
