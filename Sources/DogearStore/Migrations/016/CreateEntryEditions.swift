import FluentKit

/// The reader's other editions of a book they have once (a hardcover and the Kindle edition): the
/// entry keeps its own edition; each other one is a row here with what the reader said of it in the
/// file it came from (its rating, the date read, the source's id for it), so a Goodreads export can
/// give back one row per edition.
package struct CreateEntryEditions: NumberedMigration {
    package static let folder = 16

    package func prepare(on database: any Database) async throws {
        try await database.schema("entry_editions")
            .id()
            .field("entry_id", .uuid, .required, .references("library_entries", "id", onDelete: .cascade))
            .field("edition_id", .uuid, .required, .references("editions", "id"))
            .field("rating", .int)
            .field("date_read", .string)
            .field("source_id", .string)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "entry_id", "edition_id")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("entry_editions").delete()
    }
}
