import FluentKit

/// Import jobs: one row per uploaded file, its counters updated in the same transaction as
/// each batch it writes, so the counts are true at any moment and a restart knows where to go on.
package struct CreateImports: NumberedMigration {
    package static let folder = 3

    package func prepare(on database: any Database) async throws {
        try await database.schema("imports")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("format", .string, .required)
            .field("status", .string, .required)
            .field("dry_run", .bool, .required)
            .field("file_name", .string)
            .field("file_path", .string, .required)
            .field("file_sha256", .string, .required)
            .field("total", .int, .required)
            .field("processed", .int, .required)
            // The last file row whose batch was committed: a restarted job skips up to here.
            .field("last_line", .int, .required)
            .field("created", .int, .required)
            .field("merged", .int, .required)
            .field("unchanged", .int, .required)
            .field("failed", .int, .required)
            .field("message", .string)
            .field("warnings", .string, .required)
            .field("mappings", .string, .required)
            .field("finished_at", .datetime)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.schema("import_rows")
            .id()
            .field("import_id", .uuid, .required, .references("imports", "id", onDelete: .cascade))
            .field("line", .int, .required)
            .field("outcome", .string, .required)
            .field("reason", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("import_rows").delete()
        try await database.schema("imports").delete()
    }
}
