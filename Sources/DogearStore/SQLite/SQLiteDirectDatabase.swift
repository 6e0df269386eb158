import FluentKit
import FluentSQL
import Foundation
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit

/// A SQLite database as Fluent and SQLKit see it, on Dogear's own connections
/// (`SQLiteDirectConnection`): each query and statement is converted and serialized as Fluent's
/// SQLite driver does it, then run on a connection of `SQLiteConnections`, its rows collected and
/// handed to the caller.
///
/// The writers' database runs each statement on the calling thread (the write group's: nothing
/// waits for another thread, and the futures Fluent asks for are answered fulfilled). The readers'
/// runs a statement on a thread of the thread pool, as Fluent's driver does, so a long read never
/// holds an event loop; but a read known to be cheap (`SQLiteConnections.cheapRead`) runs on the
/// caller's thread, since handing it to the pool and its rows back costs more than the statement
/// (a Home is a dozen of them). A statement is prepared once per connection, not once per
/// use, and its rows come back in one answer, not as one event-loop task a row.
package struct SQLiteDirectDatabase: Database, SQLDatabase {
    package let connections: SQLiteConnections
    package let context: DatabaseContext
    /// Inside `withConnection` or a transaction: the connection held (every statement goes to it).
    let held: SQLiteDirectConnection?
    package let inTransaction: Bool

    package init(connections: SQLiteConnections, context: DatabaseContext) {
        self.init(connections: connections, context: context, held: nil, inTransaction: false)
    }

    private init(
        connections: SQLiteConnections, context: DatabaseContext, held: SQLiteDirectConnection?, inTransaction: Bool
    ) {
        self.connections = connections
        self.context = context
        self.held = held
        self.inTransaction = inTransaction
    }

    // MARK: - Database

    package func execute(
        query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void
    ) -> EventLoopFuture<Void> {
        var expression = SQLQueryConverter(delegate: SQLiteDirectConverterDelegate()).convert(query)
        // A created row answers with its id, as the driver's `RETURNING` does (an empty custom id
        // key is Fluent's sign for "no single id").
        if case .create = query.action, query.customIDKey != .some(.string("")) {
            let id = SQLReturning(SQLColumn((query.customIDKey ?? .id).description))
            expression = SQLList([expression, id], separator: SQLRaw(" "))
        }
        return answer(expression).map { rows in
            for row in rows { onOutput(SQLiteDirectOutput(row: row, schema: nil)) }
        }
    }

    package func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> {
        var schema = schema
        if schema.action == .update {
            // SQLite alters a table by adding columns only; enums are text, nothing to alter.
            schema.updateFields = schema.updateFields.filter {
                if case .dataType(_, .enum) = $0 { return false }
                return true
            }
            guard schema.createConstraints.isEmpty, schema.updateFields.isEmpty, schema.deleteConstraints.isEmpty else {
                return eventLoop.makeFailedFuture(UnsupportedAlter())
            }
            if schema.createFields.isEmpty, schema.deleteFields.isEmpty { return eventLoop.makeSucceededVoidFuture() }
        }
        return answer(SQLSchemaConverter(delegate: SQLiteDirectConverterDelegate()).convert(schema)).map { _ in }
    }

    package func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> {
        eventLoop.makeSucceededVoidFuture()
    }

    /// Holds one connection for the closure: what a connection keeps between statements (a
    /// `PRAGMA`'s setting) holds for all of them.
    package func withConnection<T>(
        _ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>
    ) -> EventLoopFuture<T> {
        guard held == nil else { return closure(self) }
        let connection = connections.take()
        let pinned = SQLiteDirectDatabase(connections: connections, context: context, held: connection, inTransaction: false)
        return closure(pinned).always { _ in connections.giveBack(connection) }
    }

    /// A transaction holds one connection from its `BEGIN` to its `COMMIT`. The writers' begins
    /// `IMMEDIATE`: the write lock is taken before the first read, so no other process's write can
    /// commit between this transaction's reads and its writes.
    package func transaction<T>(
        _ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>
    ) -> EventLoopFuture<T> {
        guard !inTransaction else { return closure(self) }
        let owned = held == nil
        let connection = held ?? connections.take()
        let inside = SQLiteDirectDatabase(connections: connections, context: context, held: connection, inTransaction: true)
        let begin = connections.beginsImmediately ? "BEGIN IMMEDIATE" : "BEGIN"
        return inside.answer(SQLRaw(begin)).flatMap { _ in
            closure(inside).flatMap { value in inside.answer(SQLRaw("COMMIT")).map { _ in value } }
                .flatMapError { error in
                    // Undone whether the body or the commit failed; after a failed commit SQLite
                    // may have rolled back already, and this one's own error says nothing new.
                    inside.answer(SQLRaw("ROLLBACK")).flatMapThrowing { _ in throw error }
                        .flatMapErrorThrowing { _ in throw error }
                }
        }.always { _ in if owned { connections.giveBack(connection) } }
    }

    // MARK: - SQLDatabase

    package var logger: Logger { context.logger }
    package var eventLoop: any EventLoop { context.eventLoop }
    package var dialect: any SQLDialect { SQLiteKit.SQLiteDialect() }
    package var queryLogLevel: Logger.Level? { .debug }

    package func execute(
        sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void
    ) -> EventLoopFuture<Void> {
        answer(query).map { rows in rows.forEach(onRow) }
    }

    package func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await rows(query).forEach(onRow)
    }

    package func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }

    // MARK: - Running a statement

    /// The rows of a statement, as they are stored (`LeanRows` reads them by position).
    package func rows(_ query: any SQLExpression) async throws -> [SQLiteDirectRow] {
        let (sql, binds) = try serialized(query)
        return try await rows(sql, binds)
    }

    /// Runs a statement whose values are already in SQLite's terms (`BulkInsert`'s rows): nothing
    /// to serialize or encode; where it runs is decided as for any other statement.
    package func run(_ sql: StatementText, binds: [SQLiteData]) async throws {
        logger.log(
            level: .debug, "Executing query", metadata: ["sql": .string(sql.sql), "binds": .string("\(binds.count) values")])
        _ = try await rows(sql, binds)
    }

    private func rows(_ sql: StatementText, _ binds: [SQLiteData]) async throws -> [SQLiteDirectRow] {
        guard let threadPool = connections.threadPool else { return try run(sql, binds) }
        if connections.isCheap(sql) { return try timed(sql, binds, inline: true) }
        return try await threadPool.runIfActive { try timed(sql, binds, inline: false) }
    }

    /// The rows of a statement, as a future of the database's event loop (Fluent's own interface).
    private func answer(_ query: any SQLExpression) -> EventLoopFuture<[SQLiteDirectRow]> {
        let statement: (sql: StatementText, binds: [SQLiteData])
        do {
            statement = try serialized(query)
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
        guard let threadPool = connections.threadPool else {
            return eventLoop.makeCompletedFuture { try run(statement.sql, statement.binds) }
        }
        if connections.isCheap(statement.sql) {
            return eventLoop.makeCompletedFuture { try timed(statement.sql, statement.binds, inline: true) }
        }
        return threadPool.runIfActive(eventLoop: eventLoop) { try timed(statement.sql, statement.binds, inline: false) }
    }

    /// Runs a reader's statement and notes what it cost, which decides where it runs next
    /// (`SQLiteConnections.isCheap`): the thread's CPU time (a statement preempted by the other
    /// threads on two cores is not dearer for it) and the time it took (a wait for a lock is).
    private func timed(_ sql: StatementText, _ binds: [SQLiteData], inline: Bool) throws -> [SQLiteDirectRow] {
        let cpu = Self.threadCPUTime()
        let wall = DispatchTime.now().uptimeNanoseconds
        var readsOnly: Bool?
        defer {
            connections.ran(
                sql, cpu: Self.threadCPUTime() - cpu, wall: DispatchTime.now().uptimeNanoseconds - wall,
                readsOnly: readsOnly, inline: inline)
        }
        let (rows, readOnly) = try runReporting(sql, binds)
        readsOnly = readOnly
        return rows
    }

    private static func threadCPUTime() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Serializes `query` as SQLKit does for SQLite, and logs it as SQLiteKit does (query logs and
    /// counts see these statements too).
    private func serialized(_ query: any SQLExpression) throws -> (StatementText, [SQLiteData]) {
        var serializer = SQLSerializer(database: self)
        query.serialize(to: &serializer)
        let encoder = SQLiteDataEncoder()
        // An id is written with a table rather than Foundation's `snprintf` (`UUID.text`).
        let binds = try serializer.binds.map { bind in
            if let id = bind as? UUID { return SQLiteData.text(id.text) }
            return try encoder.encode(bind)
        }
        logger.log(
            level: .debug, "Executing query",
            metadata: ["sql": .string(serializer.sql), "binds": .array(binds.map { .string("\($0)") })])
        return (StatementText(serializer.sql), binds)
    }

    /// Runs a statement on the connection held, or on one taken for it. A database another
    /// process kept locked past the busy timeout is answered as the writers' line answers a wait
    /// too long: 503 `busy` with `Retry-After`, not a server error.
    private func run(_ sql: StatementText, _ binds: [SQLiteData]) throws -> [SQLiteDirectRow] {
        try runReporting(sql, binds).rows
    }

    /// The rows, and whether the statement only reads.
    private func runReporting(_ sql: StatementText, _ binds: [SQLiteData]) throws -> (rows: [SQLiteDirectRow], readsOnly: Bool) {
        var rows: [SQLiteDirectRow] = []
        do {
            if let held {
                let readsOnly = try held.run(sql, binds) { rows.append($0) }
                return (rows, readsOnly)
            }
            let connection = connections.take()
            defer { connections.giveBack(connection) }
            let readsOnly = try connection.run(sql, binds) { rows.append($0) }
            return (rows, readsOnly)
        } catch let error as SQLiteDirectError where error.isBusy {
            logger.warning("the SQLite database stayed locked by another connection: \(error)")
            throw SQLiteWriters.busy
        }
    }

    private struct UnsupportedAlter: Error, CustomStringConvertible {
        var description: String { "SQLite only supports adding columns in ALTER TABLE statements." }
    }
}

/// The column types Fluent's SQLite driver gives a schema (dates as seconds, text for strings
/// and enums).
struct SQLiteDirectConverterDelegate: SQLConverterDelegate {
    func customDataType(_ dataType: DatabaseSchema.DataType) -> (any SQLExpression)? {
        switch dataType {
        case .string, .enum: SQLRaw("TEXT")
        case .datetime: SQLRaw("REAL")
        case .int64: SQLRaw("INTEGER")
        default: nil
        }
    }
}

/// The connections of one SQLite database, each used by one thread at a time: a statement takes
/// one that is free (or opens one) and gives it back; a transaction holds one to its end.
package final class SQLiteConnections: @unchecked Sendable {
    /// The database's key in the writers' line (`SQLiteWriteGroups.key`).
    package let key: String
    /// Where statements run: nil for on the caller's thread (the writers').
    let threadPool: NIOThreadPool?
    /// Whether a transaction takes the write lock with its `BEGIN` (the writers').
    let beginsImmediately: Bool
    private let configuration: SQLiteConfiguration
    private let lock = NSLock()
    private var free: [SQLiteDirectConnection] = []
    private var all: [SQLiteDirectConnection] = []
    /// What each statement on these connections cost, by its SQL text (`isCheap`).
    private var costs: [StatementText: StatementCost] = [:]
    private var inlineRuns = 0
    private var pooledRuns = 0
    /// How long a statement that once ran dear stays on the pool (nanoseconds).
    private let slowStaysPooled: UInt64
    /// Only a database file's reads may run on the caller's thread: the server puts a file in WAL,
    /// where a read never waits for the writer. An in-memory database (the tests') shares one cache
    /// with rollback locking, where a read can sit in the busy handler until the writer commits;
    /// on an event loop the writer's own answer may need, that was a ten-second stall.
    private let readsMayRunInline: Bool

    private struct StatementCost {
        /// It only reads, and its last run was cheap.
        var cheap: Bool
        /// Until when (uptime, nanoseconds) it runs on the pool whatever its last run cost.
        var pooledUntil: UInt64
    }

    /// A read that took less CPU than this when it last ran, and none of whose runs in the last
    /// ten seconds took more or waited, runs on the caller's thread (a request's event loop): the
    /// thread pool's two hand-offs cost tens of microseconds, most reads a fraction of a
    /// millisecond, and an event loop held up to 5 ms delays the requests behind it less than the
    /// hand-offs of every read would (measured: a 1 ms bound sent a library page's reads, whose
    /// cost grows with a reader's notes, back to the pool under `load-mixed`, 25-35% fewer
    /// requests). A statement not seen before runs on the pool; one that writes (the readers'
    /// connections run a few: an import job's lease) always does, since it may wait for the write
    /// lock; and a read whose cost depends on its values (a search for a short prefix, a reader of
    /// ten thousand books) stays on the pool for `slowStaysPooled` after any dear run, so at most
    /// one such run in ten seconds holds an event loop, for what one statement costs.
    package static let cheapRead: UInt64 = 5_000_000
    /// A run that took this long (wall time) waited for something (a lock another process held)
    /// and counts as dear whatever its CPU.
    static let waitingRead: UInt64 = 100_000_000
    /// Enough for every statement Dogear says (those with `IN` lists of many lengths included);
    /// past it the record starts over, and each statement is learnt again on the pool.
    static let costsKept = 4096

    package init(
        configuration: SQLiteConfiguration, threadPool: NIOThreadPool?, beginsImmediately: Bool,
        slowStaysPooledFor seconds: TimeInterval = 10
    ) {
        self.configuration = configuration
        self.slowStaysPooled = UInt64(seconds * 1_000_000_000)
        self.threadPool = threadPool
        self.beginsImmediately = beginsImmediately
        self.key = SQLiteWriteGroups.key(of: configuration.storage)
        if case .file = configuration.storage { readsMayRunInline = true } else { readsMayRunInline = false }
    }

    func take() -> SQLiteDirectConnection {
        lock.lock()
        defer { lock.unlock() }
        if let connection = free.popLast() { return connection }
        let connection = SQLiteDirectConnection(configuration: configuration)
        all.append(connection)
        return connection
    }

    /// Takes a connection back. One still inside a transaction (its `ROLLBACK` never ran or
    /// failed) is closed and forgotten instead: handed out again it would hold its locks for ever.
    func giveBack(_ connection: SQLiteDirectConnection) {
        guard connection.isIdle else {
            connection.close()
            lock.lock()
            all.removeAll { $0 === connection }
            lock.unlock()
            return
        }
        lock.lock()
        free.append(connection)
        lock.unlock()
    }

    /// Whether a reader's statement runs on the caller's thread (`cheapRead`).
    func isCheap(_ sql: StatementText) -> Bool {
        guard readsMayRunInline else { return false }
        let now = DispatchTime.now().uptimeNanoseconds
        lock.lock()
        defer { lock.unlock() }
        guard let cost = costs[sql] else { return false }
        return cost.cheap && now >= cost.pooledUntil
    }

    /// Notes what a statement cost; `readsOnly` nil when it failed.
    func ran(_ sql: StatementText, cpu: UInt64, wall: UInt64, readsOnly: Bool?, inline: Bool) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.lock()
        defer { lock.unlock() }
        if costs.count >= Self.costsKept, costs[sql] == nil { costs.removeAll(keepingCapacity: true) }
        switch readsOnly {
        case false?: costs[sql] = StatementCost(cheap: false, pooledUntil: .max)
        case true? where cpu < Self.cheapRead && wall < Self.waitingRead:
            costs[sql, default: StatementCost(cheap: false, pooledUntil: 0)].cheap = true
        default: costs[sql] = StatementCost(cheap: false, pooledUntil: now &+ slowStaysPooled)
        }
        if inline { inlineRuns += 1 } else { pooledRuns += 1 }
    }

    /// How many reads ran on the caller's thread, and how many on the pool.
    package var readsRun: (inline: Int, pooled: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (inlineRuns, pooledRuns)
    }

    /// Closes every connection (the application stops).
    func close() {
        lock.lock()
        let every = all
        lock.unlock()
        for connection in every { connection.close() }
    }
}

/// Makes a database's `SQLiteDirectDatabase`s: all of them share its connections.
package final class SQLiteDirectDriver: DatabaseDriver {
    package let connections: SQLiteConnections

    /// The writers' (`threadPool` nil: statements run on the caller, transactions begin
    /// immediately) or the readers' (on `threadPool`).
    package init(configuration: SQLiteConfiguration, threadPool: NIOThreadPool?, slowStaysPooledFor seconds: TimeInterval = 10) {
        connections = SQLiteConnections(
            configuration: configuration, threadPool: threadPool, beginsImmediately: threadPool == nil,
            slowStaysPooledFor: seconds)
    }

    package func makeDatabase(with context: DatabaseContext) -> any Database {
        SQLiteDirectDatabase(connections: connections, context: context)
    }

    package func shutdown() {
        connections.close()
    }
}
