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

    /// The same for many works, 500 to a statement (an import batch): each work's entries read
    /// once, grouped (not three times, one per figure), and only works whose figures moved written,
    /// so an unchanged one neither writes its page nor wakes discovery's trigger on its rating
    /// columns (an import of 10,000 new books spent a tenth of its time here).
    package func refresh(workIDs: [UUID]) async throws {
        let sql = db.sql
        let rating = "COALESCE(e.precise_rating, CAST(e.rating AS DOUBLE PRECISION))"
        for chunk in workIDs.chunked(into: 500) {
            try await sql.raw(
                """
                UPDATE works SET readers_count = a.readers, ratings_count = a.ratings, average_rating = a.average
                FROM (SELECT w.id AS work_id,
                        COUNT(CASE WHEN e.status <> 'wantToRead' OR e.read_count > 0 THEN 1 END) AS readers,
                        COUNT(\(unsafeRaw: rating)) AS ratings,
                        CAST(AVG(\(unsafeRaw: rating)) AS DOUBLE PRECISION) AS average
                      FROM works w LEFT JOIN library_entries e ON e.work_id = w.id AND e.is_public = \(bind: true)
                      WHERE w.id IN (\(binds: chunk)) GROUP BY w.id) a
                WHERE works.id = a.work_id
                  AND (works.readers_count IS DISTINCT FROM a.readers OR works.ratings_count IS DISTINCT FROM a.ratings
                    OR works.average_rating IS DISTINCT FROM a.average)
                """
            ).run()
        }
    }

    package init(db: any Database) {
        self.db = db
    }
}
