import DogearCore
import DogearStore
import FluentKit
import Foundation
import NIOConcurrencyHelpers
import SQLKit

/// Failures per key under one of Core's `AttemptLimiter` policies, where every process sees them:
/// in this process's memory on SQLite (one process serves a SQLite file), in `attempt_counters` on
/// PostgreSQL (any number of processes behind a balancer count together, so a guesser gains nothing
/// by landing on another). Keys are stored as their SHA-256.
package final class AttemptCounters: Sendable {
    package let scope: String
    package let policy: AttemptLimiter.Policy
    private let memory: NIOLockedValueBox<AttemptLimiter>

    package init(scope: String, policy: AttemptLimiter.Policy) {
        self.scope = scope
        self.policy = policy
        memory = NIOLockedValueBox(AttemptLimiter(policy: policy))
    }

    /// Seconds `key` must wait, or nil when it may try now.
    package func wait(_ key: String, now: Double, on db: any Database) async throws -> Double? {
        guard db.sql.databaseDialect.isSharedByProcesses else { return memory.withLockedValue { $0.wait(for: key, now: now) } }
        return try await entry(TokenHashing.hash(key), on: db.sql)?.wait(now: now)
    }

    package func failed(_ key: String, now: Double, on db: any Database) async throws {
        guard db.sql.databaseDialect.isSharedByProcesses else {
            memory.withLockedValue { _ = $0.recordFailure(key, now: now) }
            return
        }
        let hash = TokenHashing.hash(key)
        let (scope, policy) = (scope, policy)
        try await db.transaction { db in
            let sql = db.sql
            // The row is locked while it is read and written, so two processes' failures both count.
            try await sql.raw(
                """
                INSERT INTO attempt_counters (scope, key_hash, failures, updated_at)
                VALUES (\(bind: scope), \(bind: hash), '[]', \(bind: now)) ON CONFLICT (scope, key_hash) DO NOTHING
                """
            ).run()
            let current = try await Self.entry(scope: scope, hash, on: sql, forUpdate: true) ?? AttemptLimiter.Entry()
            let next = current.failed(at: now, policy: policy)
            let failures = String(decoding: try JSONEncoder().encode(next.failures), as: UTF8.self)
            try await sql.raw(
                """
                UPDATE attempt_counters SET failures = \(bind: failures), locked_until = \(bind: next.lockedUntil),
                updated_at = \(bind: now) WHERE scope = \(bind: scope) AND key_hash = \(bind: hash)
                """
            ).run()
            // Keys whose failures and lock are long over go with any failure (an index keeps it a seek).
            let spent = now - max(policy.window, policy.lockout)
            try await sql.raw(
                "DELETE FROM attempt_counters WHERE scope = \(bind: scope) AND updated_at < \(bind: spent)"
            ).run()
        }
    }

    package func succeeded(_ key: String, on db: any Database) async throws {
        guard db.sql.databaseDialect.isSharedByProcesses else {
            memory.withLockedValue { $0.recordSuccess(key) }
            return
        }
        // A success clears the failures, not a lock in force.
        try await db.sql.raw(
            """
            UPDATE attempt_counters SET failures = '[]'
            WHERE scope = \(bind: scope) AND key_hash = \(bind: TokenHashing.hash(key)) AND failures <> '[]'
            """
        ).run()
    }

    private func entry(_ hash: String, on sql: any SQLDatabase) async throws -> AttemptLimiter.Entry? {
        try await Self.entry(scope: scope, hash, on: sql, forUpdate: false)
    }

    private static func entry(scope: String, _ hash: String, on sql: any SQLDatabase, forUpdate: Bool) async throws
        -> AttemptLimiter.Entry?
    {
        guard
            let row = try await sql.raw(
                """
                SELECT failures, locked_until FROM attempt_counters
                WHERE scope = \(bind: scope) AND key_hash = \(bind: hash)\(unsafeRaw: forUpdate ? " FOR UPDATE" : "")
                """
            ).first()
        else { return nil }
        let failures = try JSONDecoder().decode(
            [Double].self, from: Data(try row.decode(column: "failures", as: String.self).utf8))
        return AttemptLimiter.Entry(failures: failures, lockedUntil: try row.decode(column: "locked_until", as: Double?.self))
    }
}
