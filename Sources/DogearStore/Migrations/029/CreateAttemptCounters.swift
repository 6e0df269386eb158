import FluentKit
import SQLKit

/// Failure counts shared by every process: wrong passwords per account and per address,
/// and share or join codes that opened nothing, per reader and per address. Used on PostgreSQL,
/// where several processes serve one database; on SQLite one process keeps them in memory. The key
/// is stored as its SHA-256 (no email or address is kept); `failures` is Core's
/// `AttemptLimiter.Entry` failures as JSON; rows whose lock and failures are over are swept.
package struct CreateAttemptCounters: NumberedMigration {
    package static let folder = 29

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw(
            """
            CREATE TABLE attempt_counters (
              scope TEXT NOT NULL, key_hash TEXT NOT NULL, failures TEXT NOT NULL,
              locked_until DOUBLE PRECISION, updated_at DOUBLE PRECISION NOT NULL,
              PRIMARY KEY (scope, key_hash))
            """
        ).run()
        try await sql.raw("CREATE INDEX idx_attempt_counters_updated ON attempt_counters (scope, updated_at)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.sql.drop(table: "attempt_counters").run()
    }
}
