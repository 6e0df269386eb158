import FluentKit

/// Which process runs an import, and until when that holds (`ImportJobs`): a job is run by the
/// process that holds its lease, renewed at every batch; a job whose lease ran out (its process
/// died) is taken over by another.
package struct AddImportLeases: NumberedMigration {
    package static let folder = 15

    package func prepare(on database: any Database) async throws {
        try await database.schema("imports").field("lease_owner", .uuid).update()
        try await database.schema("imports").field("lease_until", .datetime).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("imports").deleteField("lease_until").update()
        try await database.schema("imports").deleteField("lease_owner").update()
    }
}
