import Fluent

/// What an import makes of a Goodreads file's own shelves: tags (the default, also when empty) or
/// lists.
struct AddImportShelvesAs: NumberedMigration {
    static let folder = 5

    func prepare(on database: any Database) async throws {
        try await database.schema("imports").field("shelves_as", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("imports").deleteField("shelves_as").update()
    }
}
