import FluentKit
import Foundation
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import Testing

@testable import DogearStore

/// Dogear's own SQLite connections (`SQLiteDirectConnection`, `SQLiteDirectDatabase`): what a
/// statement answers, what a failure says, and what the statement cache must not change.
@Suite("SQLite: Dogear's own connections")
struct SQLiteDirectConnectionTests {
    private func scratch() -> SQLiteConfiguration {
        SQLiteConfiguration(storage: .file(path: NSTemporaryDirectory() + "direct-\(UUID().uuidString).sqlite"))
    }

    private func rows(_ connection: SQLiteDirectConnection, _ sql: String, _ binds: [SQLiteData] = []) throws
        -> [SQLiteDirectRow]
    {
        var rows: [SQLiteDirectRow] = []
        try connection.run(sql, binds) { rows.append($0) }
        return rows
    }

    @Test("values come back as they were stored, typed as SQLiteNIO reads them, and decode as Fluent's driver decodes them")
    func values() throws {
        let connection = SQLiteDirectConnection(configuration: scratch())
        defer { connection.close() }
        _ = try rows(connection, "CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        _ = try rows(
            connection, "INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)",
            [.integer(42), .float(2.5), .text("Ünïcode\u{0}tail"), .blob(.init(bytes: [1, 2, 3])), .null])
        let row = try #require(try rows(connection, "SELECT * FROM t").first)
        #expect(row.allColumns == ["i", "r", "s", "b", "n"])
        #expect(row.values == [.integer(42), .float(2.5), .text("Ünïcode\u{0}tail"), .blob(.init(bytes: [1, 2, 3])), .null])
        #expect(try row.decode(column: "i", as: Int.self) == 42)
        #expect(try row.decodeNil(column: "n"))
        #expect(try row.decode(column: "n", as: String?.self) == nil)
        #expect(throws: (any Error).self) { try row.decode(column: "missing", as: Int.self) }
    }

    @Test("a refused statement says what SQLite said, and a broken constraint is a constraint failure")
    func errors() throws {
        let connection = SQLiteDirectConnection(configuration: scratch())
        defer { connection.close() }
        _ = try rows(connection, "CREATE TABLE t (id TEXT PRIMARY KEY)")
        _ = try rows(connection, "INSERT INTO t VALUES ('a')")
        let duplicate = #expect(throws: SQLiteDirectError.self) { try rows(connection, "INSERT INTO t VALUES ('a')") }
        #expect(duplicate?.isConstraintFailure == true)
        #expect(duplicate.map { "\($0)" }?.contains("UNIQUE constraint failed: t.id") == true)
        let syntax = #expect(throws: SQLiteDirectError.self) { try rows(connection, "SELEC 1") }
        #expect(syntax?.isSyntaxError == true)
        #expect(syntax?.isConstraintFailure == false)
        // The connection goes on after a failure, and the failed statement can run again.
        #expect(try rows(connection, "SELECT count(*) AS n FROM t").first?.decode(column: "n", as: Int.self) == 1)
    }

    /// Clearing a cached statement's bindings expires it when its plan looked at a bound value
    /// (SQLite 3.54 does for a join filtered by a bound key), and it was then prepared again on
    /// every use: the entry's read of every progress write was.
    @Test("a cached statement run again with new values is not prepared again")
    func cachedStatementsStayPrepared() throws {
        let connection = SQLiteDirectConnection(configuration: scratch())
        defer { connection.close() }
        _ = try rows(connection, "CREATE TABLE w (id TEXT PRIMARY KEY, pages INTEGER)")
        _ = try rows(connection, "CREATE TABLE e (id TEXT PRIMARY KEY, work_id TEXT REFERENCES w (id))")
        for index in 0..<5 {
            _ = try rows(connection, "INSERT INTO w VALUES (?1, ?2)", [.text("w\(index)"), .integer(100 + index)])
            _ = try rows(connection, "INSERT INTO e VALUES (?1, ?2)", [.text("e\(index)"), .text("w\(index)")])
        }
        let read = "SELECT e.id, w.pages FROM e JOIN w ON w.id = e.work_id WHERE e.id = ?1"
        for index in 0..<5 {
            let found = try rows(connection, read, [.text("e\(index)")])
            #expect(try found.first?.decode(column: "pages", as: Int.self) == 100 + index)
        }
        #expect(connection.timesPreparedAgain(read) == 0)
    }

    @Test("a cached `SELECT *` sees the columns another connection added since")
    func schemaChangedElsewhere() throws {
        let configuration = scratch()
        let connection = SQLiteDirectConnection(configuration: configuration)
        let other = SQLiteDirectConnection(configuration: configuration)
        defer {
            connection.close()
            other.close()
        }
        _ = try rows(connection, "CREATE TABLE t (a INTEGER)")
        _ = try rows(connection, "INSERT INTO t VALUES (1)")
        #expect(try rows(connection, "SELECT * FROM t").first?.allColumns == ["a"])
        _ = try rows(other, "ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'")
        let row = try #require(try rows(connection, "SELECT * FROM t").first)
        #expect(row.allColumns == ["a", "b"])
        #expect(try row.decode(column: "b", as: String.self) == "x")
    }

    @Test("a readers' transaction keeps one connection: it reads its own writes, and a failure undoes them")
    func readersTransaction() async throws {
        let driver = SQLiteDirectDriver(configuration: scratch(), threadPool: .singleton)
        defer { driver.shutdown() }
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let db = driver.makeDatabase(
            with: DatabaseContext(
                configuration: SQLiteScratchConfiguration(), logger: .init(label: "test"), eventLoop: loop))
        try await db.sql.raw("CREATE TABLE t (a INTEGER)").run()
        let seen = try await db.transaction { db in
            try await db.sql.raw("INSERT INTO t VALUES (1)").run()
            return try await db.sql.raw("SELECT count(*) AS n FROM t").first()?.decode(column: "n", as: Int.self)
        }
        #expect(seen == 1)
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await db.transaction { db in
                try await db.sql.raw("INSERT INTO t VALUES (2)").run()
                throw Refused()
            }
        }
        let count = try await db.sql.raw("SELECT count(*) AS n FROM t").first()?.decode(column: "n", as: Int.self)
        #expect(count == 1)
    }
}

extension SQLiteDirectConnectionTests {
    private func database(
        _ configuration: SQLiteConfiguration, threadPool: NIOThreadPool?, slowStaysPooledFor seconds: TimeInterval = 60
    ) -> (SQLiteDirectDriver, SQLiteDirectDatabase) {
        let driver = SQLiteDirectDriver(configuration: configuration, threadPool: threadPool, slowStaysPooledFor: seconds)
        let context = DatabaseContext(
            configuration: SQLiteScratchConfiguration(), logger: .init(label: "test"),
            eventLoop: MultiThreadedEventLoopGroup.singleton.next())
        return (driver, driver.makeDatabase(with: context) as! SQLiteDirectDatabase)
    }

    /// Another process (a `dogear` command beside the server) holding the write lock past the busy
    /// timeout: the write is answered 503 `busy` with `Retry-After`, as a wait in the writers'
    /// line is, not 500.
    @Test("a database another connection keeps locked answers busy, to be retried")
    func lockedElsewhere() async throws {
        let configuration = scratch()
        let (driver, writers) = database(configuration, threadPool: nil)
        defer { driver.shutdown() }
        try await writers.sql.raw("CREATE TABLE t (a INTEGER)").run()
        let other = SQLiteDirectConnection(configuration: configuration)
        defer { other.close() }
        _ = try rows(other, "BEGIN IMMEDIATE")
        let refused = await #expect(throws: DomainError.self) {
            try await writers.transaction { db in try await db.sql.raw("INSERT INTO t VALUES (1)").run() }
        }
        #expect(refused?.code == .busy)
        #expect(refused?.retryAfterSeconds == 1)
        _ = try rows(other, "ROLLBACK")
        try await writers.transaction { db in try await db.sql.raw("INSERT INTO t VALUES (2)").run() }
        #expect(try rows(other, "SELECT a FROM t").map { try $0.decode(column: "a", as: Int.self) } == [2])
    }

    @Test("a closed connection refuses statements as closed, and does not open the file again")
    func closedStaysClosed() throws {
        let connection = SQLiteDirectConnection(configuration: scratch())
        _ = try rows(connection, "CREATE TABLE t (a INTEGER)")
        connection.close()
        let refused = #expect(throws: SQLiteDirectError.self) { try rows(connection, "SELECT * FROM t") }
        #expect(refused?.isConnectionClosed == true)
    }

    @Test("a connection given back inside a transaction is closed, not handed out again")
    func openTransactionNotReused() throws {
        let (driver, readers) = database(scratch(), threadPool: .singleton)
        defer { driver.shutdown() }
        let connections = readers.connections
        let first = connections.take()
        _ = try rows(first, "BEGIN IMMEDIATE")
        connections.giveBack(first)
        let next = connections.take()
        defer { connections.giveBack(next) }
        #expect(next !== first)
        #expect(next.isIdle)
        let refused = #expect(throws: SQLiteDirectError.self) { try rows(first, "SELECT 1") }
        #expect(refused?.isConnectionClosed == true)
    }

    /// `TableStatistics` sets `analysis_limit` and then runs `ANALYZE`: on SQLite the setting is
    /// the connection's, so every statement of `withConnection` must go to the same one even when
    /// another read took the connection the first statement used.
    @Test("withConnection holds one connection for all its statements")
    func withConnectionHoldsOne() async throws {
        let (driver, readers) = database(scratch(), threadPool: .singleton)
        defer { driver.shutdown() }
        let limit = try await readers.withConnection { db in
            try await db.sql.raw("PRAGMA analysis_limit = 7").run()
            let meanwhile = readers.connections.take()
            defer { readers.connections.giveBack(meanwhile) }
            return try await db.sql.raw("PRAGMA analysis_limit").first()?.decode(column: "analysis_limit", as: Int.self)
        }
        #expect(limit == 7)
    }
}

extension SQLiteDirectConnectionTests {
    /// A reader's statement goes to the thread pool the first time; once it has run cheaply it runs
    /// on the caller's thread (the pool's hand-offs cost more than an indexed read), until a run
    /// of it is dear (its cost depends on its values): then it stays on the pool for a while. A
    /// statement that writes never leaves the pool (it may wait for the write lock).
    @Test("a read known to be cheap runs on the caller's thread; a new, a dear or a writing statement on the pool")
    func cheapReadsRunInline() async throws {
        let (driver, readers) = database(scratch(), threadPool: .singleton)
        defer { driver.shutdown() }
        let (quickDriver, quickly) = database(scratch(), threadPool: .singleton, slowStaysPooledFor: 0)
        defer { quickDriver.shutdown() }
        func counting(to limit: Int) -> SQLQueryString {
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(bind: limit)) SELECT count(*) AS n FROM c"
        }
        func count(to limit: Int, on db: SQLiteDirectDatabase) async throws -> Int? {
            try await db.sql.raw(counting(to: limit)).first()?.decode(column: "n", as: Int.self)
        }
        func runs(_ db: SQLiteDirectDatabase) -> [Int] { [db.connections.readsRun.inline, db.connections.readsRun.pooled] }

        try await readers.sql.raw("CREATE TABLE t (a INTEGER)").run()
        try await readers.sql.raw("INSERT INTO t VALUES (1)").run()
        try await readers.sql.raw("INSERT INTO t VALUES (1)").run()
        #expect(runs(readers) == [0, 3], "a write stays on the pool")
        #expect(try await count(to: 10, on: readers) == 10)
        #expect(runs(readers) == [0, 4], "not seen before")
        #expect(try await count(to: 10, on: readers) == 10)
        #expect(runs(readers) == [1, 4], "cheap last time")
        // Cheap last time, so inline; but it counts a million rows, and is sent back to the pool.
        #expect(try await count(to: 1_000_000, on: readers) == 1_000_000)
        #expect(runs(readers) == [2, 4])
        for _ in 0..<2 { #expect(try await count(to: 10, on: readers) == 10) }
        #expect(runs(readers) == [2, 6], "dear within the minute: pooled however cheap since")

        // Without the minute's wait: one cheap run on the pool, then back on the caller's thread.
        for _ in 0..<2 { #expect(try await count(to: 10, on: quickly) == 10) }
        #expect(try await count(to: 1_000_000, on: quickly) == 1_000_000)
        #expect(try await count(to: 10, on: quickly) == 10)
        #expect(runs(quickly) == [2, 2])
        // Fluent's own interface (a future) follows the same rule.
        let viaFuture = try await quickly.sql.raw(counting(to: 3)).first().get()
        #expect(try viaFuture?.decode(column: "n", as: Int.self) == 3)
        #expect(runs(quickly) == [3, 2])

        // An in-memory database's reads may wait for its writer (one shared cache): never inline.
        let (memoryDriver, inMemory) = database(
            SQLiteConfiguration(storage: .memory(identifier: UUID().uuidString)), threadPool: .singleton, slowStaysPooledFor: 0)
        defer { memoryDriver.shutdown() }
        for _ in 0..<3 { #expect(try await count(to: 10, on: inMemory) == 10) }
        #expect(runs(inMemory) == [0, 3])
    }

    /// A group's savepoint journals grow past SQLite's 64 KiB spill mark under load: they stay in
    /// memory rather than becoming a temporary file written page by page.
    @Test("a connection keeps its temporary data (savepoint journals, sorts) in memory")
    func temporaryDataInMemory() async throws {
        let (driver, readers) = database(scratch(), threadPool: .singleton)
        defer { driver.shutdown() }
        let store = try await readers.sql.raw("PRAGMA temp_store").first()?.decode(column: "temp_store", as: Int.self)
        #expect(store == 2, "2 is MEMORY; 0, the default, follows the build (a file)")
    }
}

/// A configuration for a database made by hand in a test (its middleware is all it is asked for).
private struct SQLiteScratchConfiguration: DatabaseConfiguration {
    var middleware: [any AnyModelMiddleware] = []
    func makeDriver(for databases: Databases) -> any DatabaseDriver { fatalError("made by hand") }

}

extension SQLiteDirectConnectionTests {
    /// A row decodes the common types without SQLiteKit's decoder (`SQLiteDirectRow.converted`):
    /// every value of every kind SQLite gives decodes to what that decoder gives, or fails as it does.
    @Test("a row's strings, numbers, flags and dates decode as SQLiteKit's decoder decodes them")
    func decodesAsSQLiteKit() throws {
        let values: [SQLiteData] = [
            .null, .text("hello"), .text(""), .text("42"), .text("2024-05-06T07:08:09Z"), .integer(0), .integer(1),
            .integer(-7), .integer(1_700_000_000), .float(0.5), .float(1_700_000_000.25),
            .blob(ByteBuffer(bytes: [1, 2])),
        ]
        let row = SQLiteDirectRow(names: .init(values.indices.map { "c\($0)" }), values: values)
        func same<T: Decodable & Equatable>(_ type: T.Type) {
            for (index, value) in values.enumerated() {
                // Results, not `try?`: that would take a nil decoded for NULL for a failure.
                let expected = Result { try SQLiteDataDecoder().decode(T.self, from: value) }
                let found = Result { try row.decode(column: "c\(index)", as: T.self) }
                switch (found, expected) {
                case (.success(let found), .success(let expected)): #expect(found == expected, "\(T.self) from \(value)")
                case (.failure, .failure): break
                default: Issue.record("\(T.self) from \(value): \(found) where SQLiteKit's decoder gives \(expected)")
                }
            }
        }
        same(String.self)
        same(String?.self)
        same(Int.self)
        same(Int?.self)
        same(Bool.self)
        same(Bool?.self)
        same(Double.self)
        same(Double?.self)
        same(Date.self)
        same(Date?.self)
        #expect(try row.decode(column: "c0", as: String?.self) == nil)
        #expect(try row.decode(column: "c1", as: String?.self) == "hello")
        #expect(try row.decode(column: "c6", as: Bool?.self) == true)
    }
}
