import FluentKit
import Foundation
import SQLKit

/// External IDs are read by the work or edition they belong to on every page of entries.
package struct CreateExternalIDOwnerIndexes: NumberedMigration {
    package static let folder = 2

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.create(index: "idx_external_ids_work").on("external_ids").column("work_id").run()
        try await sql.create(index: "idx_external_ids_edition").on("external_ids").column("edition_id").run()
    }

    package func revert(on database: any Database) async throws {
        let sql = database.sql
        try await sql.drop(index: "idx_external_ids_edition").run()
        try await sql.drop(index: "idx_external_ids_work").run()
    }
}
