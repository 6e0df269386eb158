import Fluent
import Foundation
import SQLKit

/// External IDs are read by the work or edition they belong to on every page of entries.
struct CreateExternalIDOwnerIndexes: NumberedMigration {
    static let folder = 2

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.create(index: "idx_external_ids_work").on("external_ids").column("work_id").run()
        try await sql.create(index: "idx_external_ids_edition").on("external_ids").column("edition_id").run()
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        try await sql.drop(index: "idx_external_ids_edition").run()
        try await sql.drop(index: "idx_external_ids_work").run()
    }
}
