import FluentKit
import SQLKit

/// Work aggregates (readers, ratings count, average rating) count public library entries only from
/// now on; this recounts every work once, so a private rating already counted stops showing.
/// Plain SQL (a migration is fixed history), the same counting rule as `WorkAggregates`.
package struct RecountPublicAggregates: NumberedMigration {
    package static let folder = 8

    package func prepare(on database: any Database) async throws {
        let rating = "COALESCE(e.precise_rating, CAST(e.rating AS DOUBLE PRECISION))"
        try await database.sql.raw(
            """
            UPDATE works SET
              readers_count = (SELECT COUNT(*) FROM library_entries e
                               WHERE e.work_id = works.id AND e.is_public = \(bind: true)
                                 AND (e.status <> 'wantToRead' OR e.read_count > 0)),
              ratings_count = (SELECT COUNT(\(unsafeRaw: rating)) FROM library_entries e
                               WHERE e.work_id = works.id AND e.is_public = \(bind: true)),
              average_rating = (SELECT CAST(AVG(\(unsafeRaw: rating)) AS DOUBLE PRECISION) FROM library_entries e
                                WHERE e.work_id = works.id AND e.is_public = \(bind: true))
            """
        ).run()
    }

    /// Nothing to undo: the counts stay right for the rule before too, minus the private entries.
    package func revert(on database: any Database) async throws {}
}
