import FluentKit

/// A confirmed preview names the job that runs its file (`run_id`): claiming it is one conditional
/// UPDATE, so a run posted twice (a double click, a retried request) starts one job.
package struct AddImportRunID: NumberedMigration {
    package static let folder = 14

    package func prepare(on database: any Database) async throws {
        try await database.schema("imports").field("run_id", .uuid).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("imports").deleteField("run_id").update()
    }
}
