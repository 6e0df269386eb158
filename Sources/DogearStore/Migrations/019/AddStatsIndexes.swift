import FluentKit
import SQLKit

/// What the statistics' date bounds read by: a reader's finished entries by finish day, past
/// read-throughs by theirs, and sessions by date (`dogear bench stats`: a year's sessions went from
/// a scan of every session to the year's).
package struct AddStatsIndexes: NumberedMigration {
    package static let folder = 19

    package func prepare(on database: any Database) async throws {
        try await database.sql.create(index: "idx_entries_user_status_finished").on("library_entries")
            .column("user_id").column("status").column("date_finished").run()
        try await database.sql.create(index: "idx_read_throughs_outcome_finished").on("read_throughs")
            .column("outcome").column("finished_on").run()
        try await database.sql.create(index: "idx_sessions_date").on("reading_sessions").column("date").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.sql.drop(index: "idx_sessions_date").run()
        try await database.sql.drop(index: "idx_read_throughs_outcome_finished").run()
        try await database.sql.drop(index: "idx_entries_user_status_finished").run()
    }
}
