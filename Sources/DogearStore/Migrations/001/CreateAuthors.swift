import FluentKit

package struct CreateAuthors: NumberedMigration {
    package static let folder = 1

    package func prepare(on database: any Database) async throws {
        try await database.schema("authors")
            .id()
            .field("name", .string, .required)
            .field("nationality", .string)
            .field("gender", .string)
            .field("cultural_region", .string)
            .field("birth_year", .int)
            .field("death_year", .int)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("authors").delete()
    }
}
