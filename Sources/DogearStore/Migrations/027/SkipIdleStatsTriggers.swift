import DogearCore
import FluentKit
import SQLKit

/// Two of migration 020's triggers run only when they have something to do.
///
/// - A new entry has finish facts only when it is read, or has read-throughs. Every other new
///   entry (most of an import: want to read, reading, did not finish) still ran the whole refresh,
///   window functions and all, to delete and insert nothing.
/// - A new work's first author has no entries to refresh yet: the import writes works, then their
///   authors, then the entries.
///
/// Each condition says exactly when the body would change a row: for a new entry the refresh's
/// delete finds nothing (an entry's own delete trigger took its facts when it went, and Dogear
/// never replaces an entry in place), and its insert selects the entry only if read or from its
/// read-throughs. `dogear bench import`: the two triggers took a fifth of the SQLite time of
/// 10,000 rows, run by the `sqlite3` shell alone.
package struct SkipIdleStatsTriggers: NumberedMigration {
    package static let folder = 27

    package static var conditions: [String: String] {
        [
            "stats_entry_insert":
                "NEW.status = '\(ReadingStatus.read.rawValue)' OR EXISTS (SELECT 1 FROM read_throughs r WHERE r.entry_id = NEW.id)",
            "stats_work_author_insert": "EXISTS (SELECT 1 FROM library_entries e WHERE e.work_id = NEW.work_id)",
        ]
    }

    /// Migration 020's triggers of those names, with (or without) their conditions.
    package static func triggers(postgres: Bool, conditioned: Bool, countsSessions: Bool = false) -> [RowTrigger] {
        StatsFactTriggers(postgres: postgres, countsSessions: countsSessions).triggers.compactMap { trigger in
            guard let condition = conditions[trigger.name] else { return nil }
            var trigger = trigger
            trigger.condition = conditioned ? condition : nil
            return trigger
        }
    }

    package func prepare(on database: any Database) async throws {
        try await replace(on: database, conditioned: true)
    }

    package func revert(on database: any Database) async throws {
        try await replace(on: database, conditioned: false)
    }

    private func replace(on database: any Database, conditioned: Bool) async throws {
        let sql = database.sql
        let triggers = Self.triggers(postgres: sql.kind == .postgres, conditioned: conditioned)
        for statement in RowTrigger.drop(triggers, postgres: sql.kind == .postgres)
            + RowTrigger.create(
                triggers, postgres: sql.kind == .postgres)
        {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }
}
