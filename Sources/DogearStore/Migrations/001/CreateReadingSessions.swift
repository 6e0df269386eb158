import FluentKit

package struct CreateReadingSessions: NumberedMigration {
    package static let folder = 1

    package func prepare(on database: any Database) async throws {
        try await database.schema("reading_sessions")
            .id()
            .field("entry_id", .uuid, .required, .references("library_entries", "id", onDelete: .cascade))
            .field("date", .string, .required)
            .field("minutes", .int, .required)
            .field("pages_read", .int)
            .field("start_page", .int)
            .field("end_page", .int)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("reading_sessions").delete()
    }
}
