import Fluent
import SQLKit

/// What home reads by (`dogear bench http` with 100,000 entries: home served 41 requests a second,
/// most of its time in two scans of the reader's whole library):
/// - the books read, counted as those with status `read` plus those read before and not `read` now
///   (`read_count`), each an index range instead of a look at every entry;
/// - what the reader is reading, most recently changed first, read in the index's order and
///   stopped after a page instead of sorted.
struct AddReadPathIndexes: NumberedMigration {
    static let folder = 25

    func prepare(on database: any Database) async throws {
        try await database.sql.create(index: "idx_entries_user_read_count").on("library_entries")
            .column("user_id").column("read_count").column("status").run()
        try await database.sql.create(index: "idx_entries_user_status_updated").on("library_entries")
            .column("user_id").column("status").column("updated_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.drop(index: "idx_entries_user_status_updated").run()
        try await database.sql.drop(index: "idx_entries_user_read_count").run()
    }
}
