import FluentKit
import SQLKit

/// The query planner's statistics, refreshed after a bulk write. Without it, a fresh import leaves
/// PostgreSQL believing the reader has a handful of entries until autovacuum comes round, and the
/// library page joins every entry to every author row, on every page, until then.
package struct TableStatistics {
    package let db: any Database

    /// The tables an import fills.
    package static let importTables = [
        "library_entries", "works", "work_authors", "authors", "editions", "external_ids", "tags", "entry_tags", "notes",
        "read_throughs", "imported_fields", "entry_search",
    ]

    /// Imports smaller than this leave it to autovacuum (PostgreSQL) or the statistics as they are (SQLite).
    package static let rowsWorthIt = 200

    package func refresh(after rows: Int) async throws {
        guard rows >= Self.rowsWorthIt else { return }
        // On one connection: a setting the dialect makes first (SQLite's `analysis_limit`) holds
        // for the statements after it only there.
        try await db.withConnection { db in
            for statement in db.sql.databaseDialect.refreshStatistics(of: Self.importTables) {
                try await db.sql.raw(statement).run()
            }
        }
    }

    package init(db: any Database) {
        self.db = db
    }
}
