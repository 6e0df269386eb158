import FluentKit
import SQLKit

/// What home reads by (`dogear bench http` with 100,000 entries: home served 41 requests a second,
/// its time in looks at every entry and sorts of thousands):
/// - the books read are those with status `read` (an index range already) and those read before and
///   something else now (`read_count > 0`, a re-read under way): `idx_entries_rereading`;
/// - what the reader is reading, last changed first: `idx_entries_reading`, in that order;
/// - the last finishes: `idx_entries_finished`, in that order.
///
/// Each is partial, so only a query that says its condition in the same words (`HomeService`,
/// `HomeStatsQuery`: literals, not parameters) can use it, and none can draw the planner away from
/// `idx_entries_user_added` for the library's own order (full indexes on `(user_id, status, …)` did,
/// on a database whose statistics predated them).
package struct AddReadPathIndexes: NumberedMigration {
    package static let folder = 25

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw(
            "CREATE INDEX idx_entries_rereading ON library_entries (user_id) WHERE read_count > 0 AND status <> 'read'"
        ).run()
        try await sql.raw("CREATE INDEX idx_entries_reading ON library_entries (user_id, updated_at) WHERE status = 'reading'")
            .run()
        try await sql.raw(
            "CREATE INDEX idx_entries_finished ON library_entries (user_id, date_finished, updated_at) WHERE status = 'read'"
        ).run()
    }

    package func revert(on database: any Database) async throws {
        for name in ["idx_entries_finished", "idx_entries_reading", "idx_entries_rereading"] {
            try await database.sql.drop(index: name).run()
        }
    }
}
