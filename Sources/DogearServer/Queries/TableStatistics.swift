import FluentKit
import SQLKit

/// The query planner's statistics, refreshed after a bulk write. A fresh import of 3,000 rows left
/// PostgreSQL believing the reader had 7 entries until autovacuum came round: the library page
/// joined every entry to every author row (9 million comparisons, 160 ms a page, every page, for
/// minutes) where, with current statistics, it takes 0.1 ms.
struct TableStatistics {
    let db: any Database

    /// The tables an import fills.
    static let importTables = [
        "library_entries", "works", "work_authors", "authors", "editions", "external_ids", "tags", "entry_tags", "notes",
        "read_throughs", "imported_fields", "entry_search",
    ]

    /// Imports smaller than this leave it to autovacuum (PostgreSQL) or the statistics as they are (SQLite).
    static let rowsWorthIt = 200

    func refresh(after rows: Int) async throws {
        guard rows >= Self.rowsWorthIt else { return }
        switch db.sql.kind {
        case .postgres:
            try await db.sql.raw("ANALYZE \(unsafeRaw: Self.importTables.joined(separator: ", "))").run()
        case .sqlite:
            // A sample of each index (analysis_limit), so a big library costs no more than a small one.
            try await db.sql.raw("PRAGMA analysis_limit = 1000").run()
            for table in Self.importTables where table != "entry_search" {
                try await db.sql.raw("ANALYZE \(unsafeRaw: table)").run()
            }
        }
    }
}
