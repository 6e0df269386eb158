import FluentKit
import Foundation
import SQLKit

/// Keeps a work's social aggregates (readers, average rating, ratings count) equal to what
/// the library entries say, with one UPDATE in the same transaction as the change that moved them.
///
/// A reader is anyone who has started the book (any status but want-to-read, or a finished read);
/// a rating is the precise rating where given, else the whole stars. Only public entries count: a
/// private rating must not show, and a sole reader's private rating would be the average all see.
package struct WorkAggregates {
    package let db: any Database

    package func refresh(workID: UUID) async throws {
        let sql = db.sql
        let rating = "COALESCE(precise_rating, CAST(rating AS DOUBLE PRECISION))"
        try await sql.raw(
            """
            UPDATE works SET
              readers_count = (SELECT COUNT(*) FROM library_entries
                               WHERE work_id = \(bind: workID) AND is_public = \(bind: true)
                                 AND (status <> 'wantToRead' OR read_count > 0)),
              ratings_count = (SELECT COUNT(\(unsafeRaw: rating)) FROM library_entries
                               WHERE work_id = \(bind: workID) AND is_public = \(bind: true)),
              average_rating = (SELECT CAST(AVG(\(unsafeRaw: rating)) AS DOUBLE PRECISION) FROM library_entries
                                WHERE work_id = \(bind: workID) AND is_public = \(bind: true))
            WHERE id = \(bind: workID)
            """
        ).run()
    }

    /// The same for many works in one statement (an import batch).
    package func refresh(workIDs: [UUID]) async throws {
        let sql = db.sql
        let rating = "COALESCE(e.precise_rating, CAST(e.rating AS DOUBLE PRECISION))"
        for chunk in workIDs.chunked(into: 500) {
            try await sql.raw(
                """
                UPDATE works SET
                  readers_count = (SELECT COUNT(*) FROM library_entries e
                                   WHERE e.work_id = works.id AND e.is_public = \(bind: true)
                                     AND (e.status <> 'wantToRead' OR e.read_count > 0)),
                  ratings_count = (SELECT COUNT(\(unsafeRaw: rating)) FROM library_entries e
                                   WHERE e.work_id = works.id AND e.is_public = \(bind: true)),
                  average_rating = (SELECT CAST(AVG(\(unsafeRaw: rating)) AS DOUBLE PRECISION) FROM library_entries e
                                    WHERE e.work_id = works.id AND e.is_public = \(bind: true))
                WHERE id IN (\(binds: chunk))
                """
            ).run()
        }
    }

    package init(db: any Database) {
        self.db = db
    }
}
