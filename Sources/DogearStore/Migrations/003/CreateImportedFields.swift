import FluentKit
import SQLKit

/// Columns of an export that Dogear has no field for, kept with the entry (one row per entry and
/// format) so nothing a reader brought is dropped and exports can give it back.
package struct CreateImportedFields: NumberedMigration {
    package static let folder = 3

    package func prepare(on database: any Database) async throws {
        try await database.schema("imported_fields")
            .id()
            .field("entry_id", .uuid, .required, .references("library_entries", "id", onDelete: .cascade))
            .field("format", .string, .required)
            // A JSON object of column name → text.
            .field("fields", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "entry_id", "format")
            .create()
        let sql = database.sql
        try await sql.create(index: "idx_imports_user").on("imports").column("user_id").run()
        try await sql.create(index: "idx_import_rows_import").on("import_rows").column("import_id").column("line").run()
    }

    package func revert(on database: any Database) async throws {
        let sql = database.sql
        try await sql.drop(index: "idx_import_rows_import").run()
        try await sql.drop(index: "idx_imports_user").run()
        try await database.schema("imported_fields").delete()
    }
}
