import FluentKit
import SQLKit

/// Where each fact of a catalog record came from (`Provenance`): `field_sources` on works and
/// editions, a JSON object of field → source for the fields whose source is not the record's own;
/// and `source` on editions (NULL: as its work's). Existing records keep their record-level source.
package struct AddFieldSources: NumberedMigration {
    package static let folder = 13

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("ALTER TABLE works ADD COLUMN field_sources TEXT NOT NULL DEFAULT '{}'").run()
        try await sql.raw("ALTER TABLE editions ADD COLUMN field_sources TEXT NOT NULL DEFAULT '{}'").run()
        try await sql.raw("ALTER TABLE editions ADD COLUMN source TEXT").run()
    }

    package func revert(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("ALTER TABLE editions DROP COLUMN source").run()
        try await sql.raw("ALTER TABLE editions DROP COLUMN field_sources").run()
        try await sql.raw("ALTER TABLE works DROP COLUMN field_sources").run()
    }
}
