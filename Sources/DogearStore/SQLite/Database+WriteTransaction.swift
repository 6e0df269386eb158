import FluentKit
import Foundation
import NIOConcurrencyHelpers

extension Database {
    /// A transaction that writes. PostgreSQL takes these as they come. SQLite has one writer at a
    /// time, and a transaction that reads before it writes (as most do) is refused with "database is
    /// locked" when another writer got in first — its busy handler cannot wait there without a
    /// deadlock — so on SQLite this process's write transactions take turns, and those that waited
    /// for the same turn are committed together (`SQLiteWriteGroups`: one commit, a savepoint each,
    /// each answered only after the commit). Inside a transaction already, it simply joins it.
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
        // Inside a transaction already (a batch, a write group) the work joins it; Fluent's own
        // `transaction` would start a task of its own only to do the same.
        if inTransaction { return try await body(self) }
        guard sql.databaseDialect.writersTakeTurns else { return try await transaction(body) }
        // A task that holds the turn and asks for it again would wait for itself for ever, and every
        // writer after it too: a write that went around the transaction it is in (`req.db` where
        // `req.database` was meant). Refused at once, as the programmer's error it is.
        guard !SQLiteWriters.heldByThisTask else {
            logger.error("a write transaction was started while this task already holds the SQLite writer turn")
            throw SQLiteWriters.NestedWriteTransaction()
        }
        let key = SQLiteWriteGroups.key(of: self) ?? "alone:" + UUID().uuidString
        let limit = SQLiteWriters.maximumWait
        return try await withCheckedThrowingContinuation { continuation in
            let answer = NIOLockedValueBox<T?>(nil)
            SQLiteWriters.line.submit(
                key: key, db: self, limit: limit,
                run: { db in
                    let value = try await body(db)
                    answer.withLockedValue { $0 = value }
                },
                finish: { error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let value = answer.withLockedValue({ $0 }) {
                        continuation.resume(returning: value)
                    } else {
                        continuation.resume(throwing: SQLiteWriters.UnknownDatabase())
                    }
                })
        }
    }
}

/// The line SQLite write transactions wait in (one process is one line; the database file is
/// this process's own unless an operator points two at it).
package enum SQLiteWriters {
    /// The line itself, and group commit (`SQLiteWriteGroups`).
    package static let line = SQLiteWriteGroups()
    /// Where the waits and the groups' sizes go (`/metrics`); set by `configure`.
    package static let observer = WriteObserver()

    /// Whether the running task is inside a write transaction it took the turn for.
    @TaskLocal package static var heldByThisTask = false
    /// How many writes the running group holds (1: a write alone), for a write that wants to know.
    @TaskLocal package static var writesInGroup = 0

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
        observer.waited(duration)
    }

    /// The connections write groups run on, by database (`SQLiteWriteGroups.key`): a database of
    /// its own, in a pool of its own, to the same file. Without one a group runs on its first write's
    /// database, whose connection the event loop's reads then wait for.
    private static let writers = NIOLockedValueBox<[String: any Database]>([:])

    /// Sets `writer` as the connection every write group to its database runs on.
    package static func dedicate(_ writer: any Database) {
        guard let key = SQLiteWriteGroups.key(of: writer) else { return }
        writers.withLockedValue { $0[key] = writer }
    }

    /// Forgets the writer of a database that is closing.
    package static func release(_ writer: any Database) {
        guard let key = SQLiteWriteGroups.key(of: writer) else { return }
        _ = writers.withLockedValue { $0.removeValue(forKey: key) }
    }

    static func writer(for key: String) -> (any Database)? {
        writers.withLockedValue { $0[key] }
    }

    package static func grouped(_ writes: Int) {
        observer.grouped(writes)
    }

    /// A write whose group committed without its answer: a programmer's error, never a user's.
    package struct UnknownDatabase: Error, CustomStringConvertible {
        package var description: String { "a write could not be placed in the SQLite writers' line" }
    }
}

/// Where the writers' line reports each write's wait and each group's size (`/metrics`'
/// `dogear_database_write_wait_seconds` and `dogear_database_write_group_writes`).
///
/// A class with the callbacks in plain stored properties, read under a lock and called outside it.
/// They were kept in a `NIOLockedValueBox` of an optional closure and read with
/// `withLockedValue { $0 }`: passing a closure `inout` through the box's generic method re-wraps it
/// in two reabstraction thunks on every read and stores the wrapped one back, so every write made
/// the next report one frame deeper. After a few thousand writes each report walked thousands of
/// frames on the writers' event loop (most of its time in `bench http`), and a long-running
/// server's stack would in the end have overflowed. `WriteObserverTests` holds the depth flat.
package final class WriteObserver: @unchecked Sendable {
    private let lock = NSLock()
    private var onWait: (@Sendable (Duration) -> Void)?
    private var onGroup: (@Sendable (Int) -> Void)?

    package init() {}

    package func set(waited: (@Sendable (Duration) -> Void)?, grouped: (@Sendable (Int) -> Void)?) {
        lock.lock()
        onWait = waited
        onGroup = grouped
        lock.unlock()
    }

    package func waited(_ duration: Duration) {
        lock.lock()
        let report = onWait
        lock.unlock()
        report?(duration)
    }

    package func grouped(_ writes: Int) {
        lock.lock()
        let report = onGroup
        lock.unlock()
        report?(writes)
    }
}
