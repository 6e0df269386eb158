import FluentKit
import Foundation
import NIOConcurrencyHelpers

extension Database {
    /// A transaction that writes. PostgreSQL takes these as they come. SQLite has one writer at a
    /// time, and a transaction that reads before it writes (as most do) is refused with "database is
    /// locked" when another writer got in first — its busy handler cannot wait there without a
    /// deadlock — so on SQLite this process's write transactions take turns. Inside a transaction
    /// already, it simply joins it.
    ///
    /// On SQLite the transaction also takes the write lock with its first statement, before it reads
    /// anything (what `BEGIN IMMEDIATE` does): a single-statement write outside the line (a session's
    /// last use, recorded once a minute) could otherwise commit between this transaction's first
    /// read and its first write, and SQLite refuses that write outright ("busyInSnapshot": seen as
    /// a few 500s a minute under `scripts/load-mixed.sh`).
    ///
    /// A write's `If-Match` (`WriteCondition`) goes into the transaction with it: Fluent may run the
    /// body in a task of its own, which would not see the caller's task-local values.
    func writeTransaction<T: Sendable>(_ work: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        let condition = WriteCondition.current
        let body: @Sendable (any Database) async throws -> T = { db in
            try await WriteCondition.$current.withValue(condition) { try await work(db) }
        }
        guard !inTransaction, sql.kind == .sqlite else { return try await transaction(body) }
        let asked = ContinuousClock.now
        await SQLiteWriters.turn.acquire()
        defer { SQLiteWriters.turn.release() }
        SQLiteWriters.waited(ContinuousClock.now - asked)
        return try await transaction { db in
            try await db.sql.raw("UPDATE _fluent_migrations SET name = name WHERE 1 = 0").run()
            return try await body(db)
        }
    }
}

/// The line SQLite write transactions wait in (one process is one line; the database file is
/// this process's own unless an operator points two at it).
enum SQLiteWriters {
    static let turn = AsyncMutex()
    /// Where the waits go (`/metrics`' `dogear_database_write_wait_seconds`); set by `configure`.
    static let observer = NIOLockedValueBox<(@Sendable (Duration) -> Void)?>(nil)

    static func waited(_ duration: Duration) {
        observer.withLockedValue { $0 }?(duration)
    }
}

/// A first-come, first-served lock for async code: waiting suspends the task, it blocks no thread.
final class AsyncMutex: @unchecked Sendable {
    private let lock = NSLock()
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if held {
                waiting.append(continuation)
                lock.unlock()
            } else {
                held = true
                lock.unlock()
                continuation.resume()
            }
        }
    }

    func release() {
        lock.lock()
        if waiting.isEmpty {
            held = false
            lock.unlock()
        } else {
            let next = waiting.removeFirst()
            lock.unlock()
            next.resume()  // the lock passes straight to the next in line
        }
    }
}
