import FluentKit

/// What an import makes of a Goodreads file's own shelves: tags (the default, also when empty) or
/// lists.
package struct AddImportShelvesAs: NumberedMigration {
    package static let folder = 5

    package func prepare(on database: any Database) async throws {
        try await database.schema("imports").field("shelves_as", .string).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("imports").deleteField("shelves_as").update()
    }
}
