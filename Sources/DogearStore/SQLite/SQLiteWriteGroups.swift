import FluentKit
import FluentSQLiteDriver
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import SQLKit

/// The line SQLite write transactions wait in, and group commit: the writes waiting when the
/// writer's turn comes round are applied together, in order, in one transaction with one commit
/// (one sync of the write-ahead log for all of them instead of one each). Each runs in a savepoint
/// of its own, so one that fails is undone alone and answered with its own error while the others
/// commit; every write is answered only once the commit it is part of has happened (or failed).
///
/// A write alone (the common case on an idle server) is one plain transaction, as before.
///
/// Writes are grouped only with writes to the same database (`key`): a test process runs many
/// in-memory databases at once, and a write must never run on another's connection.
package final class SQLiteWriteGroups: @unchecked Sendable {
    /// One write waiting for its turn. `run` does its work on the group's transaction and keeps its
    /// answer; `finish` hands the answer (or the error) to the waiting request.
    struct Write {
        let key: String
        let db: any Database
        let asked: ContinuousClock.Instant
        let run: @Sendable (any Database) async throws -> Void
        let finish: @Sendable ((any Error)?) -> Void
        /// When it stops waiting and is answered `busy` (nil: it waits as long as it takes).
        let deadline: ContinuousClock.Instant?
    }

    /// At most this many writes in one transaction: the first of them is answered only after the
    /// last, so a group is kept short enough not to become the wait it saves.
    package static let largestGroup = 32

    private let lock = NSLock()
    private var waiting: [Write] = []
    private var draining = false
    /// The task that watches the deadlines of the writes waiting: which one is current, and the
    /// deadline it sleeps until (nil: none runs). A write due sooner starts a new one; the one it
    /// replaces stops when it wakes.
    private var watcher = 0
    private var watchingUntil: ContinuousClock.Instant?

    package init() {}

    /// Puts a write in line and starts the drain if nobody runs it. Past `limit` a write still
    /// waiting (not yet in a group) is answered `busy` instead.
    func submit(
        key: String, db: any Database, limit: Duration?,
        run: @escaping @Sendable (any Database) async throws -> Void,
        finish: @escaping @Sendable ((any Error)?) -> Void
    ) {
        let asked = ContinuousClock.now
        let deadline = limit.map { asked + $0 }
        lock.lock()
        waiting.append(Write(key: key, db: db, asked: asked, run: run, finish: finish, deadline: deadline))
        let start = !draining
        draining = true
        var watch: Int?
        if let deadline, watchingUntil.map({ deadline < $0 }) ?? true {
            watcher += 1
            watch = watcher
            watchingUntil = deadline
        }
        lock.unlock()
        if start {
            // Detached: the drain belongs to no request (none of their task-local values, and a
            // request that ends does not end it). It starts on the writer's event loop, where its
            // groups run, rather than waiting for a turn of the shared ones.
            let loop = (SQLiteWriters.writer(for: key) ?? db).eventLoop
            Task.detached(executorPreference: EventLoopTaskExecutor(loop)) { await self.drain() }
        }
        if let watch { Task.detached { await self.watchDeadlines(as: watch) } }
    }

    /// Answers `busy` to each write still waiting past its deadline, sleeping until the nearest
    /// one; gone once nothing waits with a deadline. One task for the whole line, not a timer a
    /// write.
    private func watchDeadlines(as number: Int) async {
        while true {
            let now = ContinuousClock.now
            guard let (expired, next) = expire(at: now, by: number) else { return }
            for write in expired {
                SQLiteWriters.waited(now - write.asked)
                write.finish(SQLiteWriters.busy)
            }
            guard let next else { return }
            try? await Task.sleep(until: next, clock: .continuous)
        }
    }

    /// Takes the writes past their deadline out of the line; answers them and the next deadline.
    /// Nil when a newer watcher took over from `number`.
    private func expire(
        at now: ContinuousClock.Instant, by number: Int
    ) -> (expired: [Write], next: ContinuousClock.Instant?)? {
        lock.lock()
        defer { lock.unlock() }
        guard number == watcher else { return nil }
        let expired = waiting.filter { $0.deadline.map { $0 <= now } ?? false }
        if !expired.isEmpty { waiting.removeAll { $0.deadline.map { $0 <= now } ?? false } }
        let next = waiting.compactMap(\.deadline).min()
        watchingUntil = next
        return (expired, next)
    }

    /// How many writes to this database wait for their turn now (not yet in a group).
    package func waiting(for db: any Database) -> Int {
        guard let key = Self.key(of: db) else { return 0 }
        lock.lock()
        defer { lock.unlock() }
        return waiting.count(where: { $0.key == key })
    }

    /// The next group: the first write waiting and those after it for the same database, in order.
    private func nextGroup() -> [Write] {
        lock.lock()
        defer { lock.unlock() }
        guard let key = waiting.first?.key else {
            draining = false
            return []
        }
        var group: [Write] = []
        var rest: [Write] = []
        for write in waiting {
            if write.key == key, group.count < Self.largestGroup { group.append(write) } else { rest.append(write) }
        }
        waiting = rest
        return group
    }

    private func drain() async {
        while true {
            let group = nextGroup()
            guard !group.isEmpty else { return }
            let now = ContinuousClock.now
            for write in group { SQLiteWriters.waited(now - write.asked) }
            SQLiteWriters.grouped(group.count)
            let database = SQLiteWriters.writer(for: group[0].key) ?? group[0].db
            // On the connection's event loop: each statement's answer arrives there, and the group
            // goes on in the same thread instead of waking another for every statement.
            let outcomes = await withTaskExecutorPreference(EventLoopTaskExecutor(database.eventLoop)) {
                await Self.run(group, on: database)
            }
            for (write, outcome) in zip(group, outcomes) { write.finish(outcome) }
        }
    }

    /// Runs a group in one transaction and answers each write's outcome (nil: committed).
    private static func run(_ group: [Write], on database: any Database) async -> [(any Error)?] {
        let outcomes = NIOLockedValueBox<[(any Error)?]>(Array(repeating: nil, count: group.count))
        do {
            // Fluent runs a transaction's body in a task of its own (through `any Database` its
            // async form goes by a future), which would not prefer the writer's event loop: each
            // statement's answer would then resume on the shared loops, behind every other
            // request's work. The body runs here in a task that prefers the writer's loop.
            try await database.transaction { db -> EventLoopFuture<Void> in
                let done = db.eventLoop.makePromise(of: Void.self)
                Task(executorPreference: EventLoopTaskExecutor(db.eventLoop)) {
                    do {
                        try await SQLiteWriters.$heldByThisTask.withValue(true) {
                            try await SQLiteWriters.$writesInGroup.withValue(group.count) {
                                try await runInTransaction(group, on: db, outcomes: outcomes)
                            }
                        }
                        done.succeed(())
                    } catch {
                        done.fail(error)
                    }
                }
                return done.futureResult
            }.get()
        } catch {
            // The transaction did not commit: nothing of the group is there. A write that failed on
            // its own keeps its own error; the others are answered with this one.
            outcomes.withLockedValue { outcomes in
                for index in outcomes.indices where outcomes[index] == nil { outcomes[index] = error }
            }
        }
        return outcomes.withLockedValue { $0 }
    }

    private static func runInTransaction(
        _ group: [Write], on db: any Database, outcomes: NIOLockedValueBox<[(any Error)?]>
    ) async throws {
        // The write lock with the first statement, before anything is read (what `BEGIN IMMEDIATE`
        // does): see `writeTransaction`.
        try await db.sql.raw("UPDATE _fluent_migrations SET name = name WHERE 1 = 0").run()
        guard group.count > 1 else {
            // A write alone: its error undoes the transaction, as any transaction's does.
            return try await group[0].run(db)
        }
        for (index, write) in group.enumerated() {
            let outcome = try await Self.inSavepoint(write, number: index, on: db)
            outcomes.withLockedValue { $0[index] = outcome }
        }
        // The first write's savepoint holds all the others: releasing it proves the transaction
        // is still the group's own. Had SQLite rolled the whole of it back under a write that
        // swallowed the error (a full disk, say), a later SAVEPOINT would have begun a new one,
        // and the commit would keep only the writes after it; here the group fails instead.
        try await db.sql.raw("RELEASE grouped_write_0").run()
    }

    /// Runs one write of a group in its own savepoint: undone alone when it fails (its error is
    /// answered), kept in the group's transaction when it succeeds (nil). Throws only when the
    /// transaction itself is gone (SQLite rolls a whole transaction back on a full disk, for
    /// instance): then the group cannot commit.
    ///
    /// Savepoints are numbered and not released one by one: each write's is opened inside the one
    /// before, and releasing the first releases them all (`runInTransaction`). Releasing each was a
    /// statement a write, and each statement is a turn of the writers' thread. `ROLLBACK TO` a
    /// write's own savepoint undoes that write only (none after it exists yet).
    private static func inSavepoint(_ write: Write, number: Int, on db: any Database) async throws -> (any Error)? {
        try await db.sql.raw("SAVEPOINT \(unsafeRaw: "grouped_write_\(number)")").run()
        do {
            try await write.run(db)
        } catch {
            try await db.sql.raw("ROLLBACK TO \(unsafeRaw: "grouped_write_\(number)")").run()
            return error
        }
        return nil
    }

    /// The database a write goes to, as one string: the SQLite file's path, or an in-memory
    /// database's own identifier, as Dogear's own connections keep it (`SQLiteConnections.key`).
    /// Nil for any other database (PostgreSQL), whose writes are never grouped.
    package static func key(of db: any Database) -> String? {
        (db as? SQLiteDirectDatabase)?.connections.key
    }

    /// The key of a database by its storage (`key(of:)`).
    static func key(of storage: SQLiteConfiguration.Storage) -> String {
        switch storage {
        case .memory(let identifier): return "memory:" + identifier
        case .file(let path): return "file:" + path
        }
    }
}

/// Runs tasks' jobs on an event loop (a `TaskExecutor` for `withTaskExecutorPreference`).
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
