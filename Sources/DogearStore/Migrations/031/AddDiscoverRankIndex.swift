import FluentKit
import SQLKit

/// The Discover deck's top-up from the whole catalog (`DiscoverCatalog.Pool.anyWork`) reads works
/// best ranked first and stops once it has enough: an index in that order lets it, where the table's
/// key alone made every deck sort the whole catalog.
package struct AddDiscoverRankIndex: NumberedMigration {
    package static let folder = 31

    package func prepare(on database: any Database) async throws {
        try await database.sql.raw("CREATE INDEX idx_discover_works_rank ON discover_works (rank DESC, work_id)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX idx_discover_works_rank").run()
    }
}
