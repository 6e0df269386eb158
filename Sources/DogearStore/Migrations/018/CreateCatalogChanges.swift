import FluentKit
import SQLKit

/// The catalog history: every fill or change a reader made to a shared author's or work's cultural
/// fields (who, when, the field, old and new value as text), and every revert an operator made.
package struct CreateCatalogChanges: NumberedMigration {
    package static let folder = 18

    package func prepare(on database: any Database) async throws {
        try await database.schema("catalog_changes")
            .id()
            .field("record", .string, .required)
            .field("record_id", .uuid, .required)
            .field("field", .string, .required)
            .field("old_value", .string)
            .field("new_value", .string)
            // fill, change or revert.
            .field("kind", .string, .required)
            // The reader who made it; null for an operator's revert or once the account is deleted
            // (the catalog keeps the value; the history keeps that someone set it).
            .field("user_id", .uuid, .references("users", "id", onDelete: .setNull))
            .field("reverts_id", .uuid)
            .field("reverted_at", .datetime)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "idx_catalog_changes_record").on("catalog_changes").column("record_id")
            .column("field").run()
        try await database.sql.create(index: "idx_catalog_changes_created").on("catalog_changes").column("created_at").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.sql.drop(index: "idx_catalog_changes_created").run()
        try await database.sql.drop(index: "idx_catalog_changes_record").run()
        try await database.schema("catalog_changes").delete()
    }
}
