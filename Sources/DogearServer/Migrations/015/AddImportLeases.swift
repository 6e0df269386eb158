import Fluent

/// Which process runs an import, and until when that holds (`ImportJobs`): a job is run by the
/// process that holds its lease, renewed at every batch; a job whose lease ran out (its process
/// died) is taken over by another.
struct AddImportLeases: NumberedMigration {
    static let folder = 15

    func prepare(on database: any Database) async throws {
        try await database.schema("imports").field("lease_owner", .uuid).update()
        try await database.schema("imports").field("lease_until", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("imports").deleteField("lease_until").update()
        try await database.schema("imports").deleteField("lease_owner").update()
    }
}
