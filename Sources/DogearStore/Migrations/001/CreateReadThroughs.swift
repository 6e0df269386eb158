import FluentKit

package struct CreateReadThroughs: NumberedMigration {
    package static let folder = 1

    package func prepare(on database: any Database) async throws {
        // Earlier read-throughs of an entry; the current one lives on the entry itself.
        try await database.schema("read_throughs")
            .id()
            .field("entry_id", .uuid, .required, .references("library_entries", "id", onDelete: .cascade))
            .field("started_on", .string)
            .field("finished_on", .string)
            .field("outcome", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("read_throughs").delete()
    }
}
