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
    package func writeTransaction<T: Sendable>(_ work: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        let condition = WriteCondition.current
        let body: @Sendable (any Database) async throws -> T = { db in
            try await WriteCondition.$current.withValue(condition) { try await work(db) }
        }
        guard !inTransaction, sql.databaseDialect.writersTakeTurns else { return try await transaction(body) }
        // A task that holds the turn and asks for it again would wait for itself for ever, and every
        // writer after it too: a write that went around the transaction it is in (`req.db` where
        // `req.database` was meant). Refused at once, as the programmer's error it is.
        guard !SQLiteWriters.heldByThisTask else {
            logger.error("a write transaction was started while this task already holds the SQLite writer turn")
            throw SQLiteWriters.NestedWriteTransaction()
        }
        let asked = ContinuousClock.now
        guard await SQLiteWriters.turn.acquire(waitingAtMost: SQLiteWriters.maximumWait) else {
            SQLiteWriters.waited(ContinuousClock.now - asked)
            throw SQLiteWriters.busy
        }
        defer { SQLiteWriters.turn.release() }
        SQLiteWriters.waited(ContinuousClock.now - asked)
        return try await SQLiteWriters.$heldByThisTask.withValue(true) {
            try await transaction { db in
                try await SQLiteWriters.$heldByThisTask.withValue(true) {
                    try await db.sql.raw("UPDATE _fluent_migrations SET name = name WHERE 1 = 0").run()
                    return try await body(db)
                }
            }
        }
    }
}

/// The line SQLite write transactions wait in (one process is one line; the database file is
/// this process's own unless an operator points two at it).
package enum SQLiteWriters {
    package static let turn = AsyncMutex()
    /// Where the waits go (`/metrics`' `dogear_database_write_wait_seconds`); set by `configure`.
    package static let observer = NIOLockedValueBox<(@Sendable (Duration) -> Void)?>(nil)

    /// Whether the running task is inside a write transaction it took the turn for.
    @TaskLocal package static var heldByThisTask = false

    /// How long a write waits for its turn before it is answered 503 `busy` with `Retry-After`: a
    /// writer that never lets go (a bug, a stuck disk) then costs each request this long, never
    /// the whole server. The process's setting (`DogearConfig.writerWaitLimitSeconds`), unless a
    /// task says otherwise for itself (`$maximumWaitHere`, as a test of the limit does).
    package static var maximumWait: Duration { maximumWaitHere ?? configuredWait.withLockedValue { $0 } }
    package static let configuredWait = NIOLockedValueBox<Duration>(.seconds(10))
    @TaskLocal package static var maximumWaitHere: Duration?

    package static let busy: DomainError = {
        var error = DomainError(.unavailable, code: .busy, "the database is busy with other writes; try again in a moment")
        error.retryAfterSeconds = 1
        return error
    }()

    /// A write transaction asked for inside another on the same task (see `writeTransaction`).
    package struct NestedWriteTransaction: Error, CustomStringConvertible {
        package var description: String { "a write transaction was started inside another on the same task" }
    }

    package static func waited(_ duration: Duration) {
        observer.withLockedValue { $0 }?(duration)
    }
}

/// A first-come, first-served lock for async code: waiting suspends the task, it blocks no thread.
/// A waiter may give up after a time; the lock then passes over it.
package final class AsyncMutex: @unchecked Sendable {
    private let lock = NSLock()
    private var held = false
    private var nextWaiter = 0
    /// In arrival order: each waiter's number, its continuation and the timer that gives up for it.
    private var waiting: [(id: Int, continuation: CheckedContinuation<Bool, Never>, timer: Task<Void, Never>?)] = []

    /// True once the lock is this caller's; false when `limit` passed first (nothing is held then).
    package func acquire(waitingAtMost limit: Duration?) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            lock.lock()
            guard held else {
                held = true
                lock.unlock()
                continuation.resume(returning: true)
                return
            }
            nextWaiter += 1
            let id = nextWaiter
            let timer = limit.map { limit in
                Task { [weak self] in
                    try? await Task.sleep(for: limit)
                    guard !Task.isCancelled else { return }
                    self?.giveUp(id)
                }
            }
            waiting.append((id, continuation, timer))
            lock.unlock()
        }
    }

    private func giveUp(_ id: Int) {
        lock.lock()
        guard let index = waiting.firstIndex(where: { $0.id == id }) else {
            lock.unlock()
            return
        }
        let waiter = waiting.remove(at: index)
        lock.unlock()
        waiter.continuation.resume(returning: false)
    }

    package func release() {
        lock.lock()
        if waiting.isEmpty {
            held = false
            lock.unlock()
        } else {
            let next = waiting.removeFirst()
            lock.unlock()
            next.timer?.cancel()
            next.continuation.resume(returning: true)  // the lock passes straight to the next in line
        }
    }
}
