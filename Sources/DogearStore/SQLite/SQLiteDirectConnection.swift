import Foundation
import Logging
import NIOCore
import SQLiteKit
import VaporCSQLite

/// One `sqlite3` handle of Dogear's own to the database's file, its statements prepared once and
/// kept, called directly by the thread that runs the statement (`SQLiteDirectDatabase`: the write
/// group's for the writers, a thread pool's for the readers).
///
/// Why not a connection of Fluent's SQLite driver: the driver hands each statement to a thread
/// pool and each row and answer back to an event loop, and prepares every statement again each
/// time. A write group is a few dozen statements, each a few microseconds of SQLite's own work, so
/// the writers' line spent its time waiting for threads to wake (measured with `perf` under
/// `bench http`: the writers' threads under a quarter busy while the writes queued); and under
/// `scripts/load-mixed.sh` the readers spent a tenth of the server's time preparing the same
/// statements again.
///
/// It is the same SQLite library the driver uses (the one `VaporCSQLite` builds), so locks and the
/// write-ahead log are shared with every other connection to the file. A connection is used by one
/// thread at a time (`SQLiteConnections` hands it out); the lock only guards against a
/// programmer's error.
package final class SQLiteDirectConnection: @unchecked Sendable {
    /// How long a statement waits for another process's write lock (a `dogear` command run beside
    /// the server) before it fails `busy`. The server's own writes never wait here: they take turns.
    static let busyTimeoutMilliseconds: Int32 = 10_000
    /// At most this many statements are kept prepared; past it the cache starts over. Dogear's
    /// writes use a few hundred distinct statements at most.
    static let cachedStatements = 512

    private let lock = NSLock()
    private let location: String
    private let enableForeignKeys: Bool
    private var handle: OpaquePointer?
    private var closed = false
    private var statements: [StatementText: CachedStatement] = [:]
    /// Bound values larger than this are cleared after the statement ran, so a cached statement
    /// does not keep a big write's values alive until its next use (a bulk insert's rows are
    /// always cleared: `StatementText.releasesValues`).
    static let largeBinds = 64 * 1024

    /// A statement prepared once and reset after each use, with its columns' names.
    private final class CachedStatement {
        let pointer: OpaquePointer
        private(set) var names: SQLiteDirectRow.Names
        /// How many times SQLite had prepared it again when `names` were read.
        private var preparedAgain: Int32

        init(pointer: OpaquePointer) {
            self.pointer = pointer
            self.names = Self.readNames(pointer)
            self.preparedAgain = sqlite_nio_sqlite3_stmt_status(pointer, SQLITE_STMTSTATUS_REPREPARE, 0)
        }

        /// The names, read again when SQLite has prepared the statement again since.
        func currentNames() -> SQLiteDirectRow.Names {
            let count = sqlite_nio_sqlite3_stmt_status(pointer, SQLITE_STMTSTATUS_REPREPARE, 0)
            if count != preparedAgain {
                names = Self.readNames(pointer)
                preparedAgain = count
            }
            return names
        }

        private static func readNames(_ pointer: OpaquePointer) -> SQLiteDirectRow.Names {
            var names: [String] = []
            for column in 0..<sqlite_nio_sqlite3_column_count(pointer) {
                names.append(sqlite_nio_sqlite3_column_name(pointer, column).map { String(cString: $0) } ?? "")
            }
            return SQLiteDirectRow.Names(names)
        }
    }

    /// A connection to the database SQLiteKit's own connections open for `configuration` (opened at
    /// its first statement).
    package init(configuration: SQLiteConfiguration) {
        self.location = Self.location(of: configuration.storage)
        self.enableForeignKeys = configuration.enableForeignKeys
    }

    /// The URI SQLiteKit opens for a storage: an "in-memory" database is a file in the temporary
    /// directory named for the process and its identifier, so that every connection reaches it.
    /// The same file must be opened here, or the writer would write a database nobody reads.
    static func location(of storage: SQLiteConfiguration.Storage) -> String {
        switch storage {
        case .memory(let identifier):
            let name = "sqlite-kit_memorydb-\(ProcessInfo.processInfo.processIdentifier)-\(identifier).sqlite3"
            return FileManager.default.temporaryDirectory
                .appendingPathComponent(name.replacingOccurrences(of: "/", with: "-"), isDirectory: false).absoluteString
        case .file(let path):
            if path.starts(with: "file:"), let url = URL(string: path) { return url.absoluteString }
            return URL(fileURLWithPath: path, isDirectory: false).absoluteString
        }
    }

    /// Runs one statement with its values bound, handing each row to `onRow`, and says whether
    /// the statement only reads (`sqlite3_stmt_readonly`: it never waits for the write lock).
    /// Throws `SQLiteDirectError` with SQLite's code and message.
    @discardableResult
    package func run(
        _ sql: String, _ binds: [SQLiteData], onRow: (SQLiteDirectRow) throws -> Void
    ) throws -> Bool {
        try run(StatementText(sql), binds, onRow: onRow)
    }

    @discardableResult
    package func run(
        _ sql: StatementText, _ binds: [SQLiteData], onRow: (SQLiteDirectRow) throws -> Void
    ) throws -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let handle = try openIfNeeded()
        let statement = try prepared(sql, on: handle)
        let readsOnly = sqlite_nio_sqlite3_stmt_readonly(statement.pointer) != 0
        let boundBytes = binds.reduce(0) { total, value in
            switch value {
            case .text(let text): total + text.utf8.count
            case .blob(let buffer): total + buffer.readableBytes
            default: total
            }
        }
        defer {
            sqlite_nio_sqlite3_reset(statement.pointer)
            if boundBytes > Self.largeBinds || sql.releasesValues { sqlite_nio_sqlite3_clear_bindings(statement.pointer) }
        }
        // Every parameter is bound again on each use, so the old values are not cleared first:
        // `sqlite3_clear_bindings` expires any statement whose plan may depend on a bound value
        // (SQLite's `expmask`; rebinding one parameter expires it only when the plan looked at that
        // one), and a join filtered by a bound key was then prepared again on every use (measured:
        // the entry's read and its surroundings, the two largest statements of a progress write;
        // `SQLiteDirectConnectionTests` holds it). A statement given fewer values than it has
        // parameters has the rest cleared, as a fresh one would.
        if binds.count < Int(sqlite_nio_sqlite3_bind_parameter_count(statement.pointer)) {
            sqlite_nio_sqlite3_clear_bindings(statement.pointer)
        }
        try bind(binds, to: statement.pointer, on: handle)
        var names = statement.names
        var first = true
        while true {
            let status = sqlite_nio_sqlite3_step(statement.pointer)
            if status == SQLITE_DONE { return readsOnly }
            guard status == SQLITE_ROW else { throw SQLiteDirectError(status, on: handle) }
            if first {
                // Prepared again since its columns were read (another process migrated the
                // schema): `*` may name other columns now.
                names = statement.currentNames()
                first = false
            }
            var values: [SQLiteData] = []
            values.reserveCapacity(names.count)
            for column in 0..<Int32(names.count) { values.append(try value(of: statement.pointer, at: column)) }
            try onRow(SQLiteDirectRow(names: names, values: values))
        }
    }

    /// How many times SQLite has prepared a cached statement again since it was cached (nil: it
    /// is not cached). A statement is prepared again when the schema changed, or when it was
    /// expired by a binding (what `run` must not cause).
    package func timesPreparedAgain(_ sql: String) -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        return statements[StatementText(sql)].map { sqlite_nio_sqlite3_stmt_status($0.pointer, SQLITE_STMTSTATUS_REPREPARE, 0) }
    }

    /// Whether the connection is between statements with no transaction open (SQLite's
    /// autocommit mode). One given back inside a transaction would hold its locks for ever.
    var isIdle: Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let handle else { return true }
        return sqlite_nio_sqlite3_get_autocommit(handle) != 0
    }

    /// Closes the handle and its prepared statements, for good: a statement after it fails as a
    /// closed connection's (`isConnectionClosed`), never on a handle opened again behind a
    /// transaction that the close rolled back.
    package func close() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        finalizeAll()
        if let handle { sqlite_nio_sqlite3_close_v2(handle) }
        handle = nil
    }

    deinit {
        finalizeAll()
        if let handle { sqlite_nio_sqlite3_close_v2(handle) }
    }

    // MARK: - The handle and its statements

    private func openIfNeeded() throws -> OpaquePointer {
        if let handle { return handle }
        guard !closed else { throw SQLiteDirectError(SQLITE_MISUSE, message: "the connection was closed") }
        Self.initializeOnce()
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
        let status = sqlite_nio_sqlite3_open_v2(location, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let error = SQLiteDirectError(status, on: opened)
            if let opened { sqlite_nio_sqlite3_close_v2(opened) }
            throw error
        }
        sqlite_nio_sqlite3_busy_timeout(opened, Self.busyTimeoutMilliseconds)
        handle = opened
        if enableForeignKeys {
            try prepared(StatementText("PRAGMA foreign_keys = ON"), on: opened).pointer.stepOnce(on: opened)
        }
        // Savepoints' journals (each write of a group has one) and sorts stay in memory: on disk a
        // group's journal spilled past 64 KiB to a temporary file, a write(2) per page changed, a
        // tenth of the writer's time. What they hold is a transaction's own changed pages.
        try prepared(StatementText("PRAGMA temp_store = MEMORY"), on: opened).pointer.stepOnce(on: opened)
        return opened
    }

    /// `sqlite3_initialize` once per process before the first open: SQLite's own first-call
    /// set-up is not safe from two threads at once (SQLiteNIO guards it the same way).
    private static let initialized: Bool = {
        sqlite_nio_sqlite3_initialize()
        return true
    }()

    private static func initializeOnce() {
        _ = initialized
    }

    private func prepared(_ sql: StatementText, on handle: OpaquePointer) throws -> CachedStatement {
        if let statement = statements[sql] { return statement }
        var pointer: OpaquePointer?
        // Persistent: kept for the connection's life, so SQLite places it outside its lookaside.
        let status = sqlite_nio_sqlite3_prepare_v3(handle, sql.sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard status == SQLITE_OK, let pointer else { throw SQLiteDirectError(status, on: handle) }
        if statements.count >= Self.cachedStatements { finalizeAll() }
        let statement = CachedStatement(pointer: pointer)
        statements[sql] = statement
        return statement
    }

    private func finalizeAll() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement.pointer) }
        statements.removeAll()
    }

    private func bind(_ binds: [SQLiteData], to statement: OpaquePointer, on handle: OpaquePointer) throws {
        for (offset, value) in binds.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let number): status = sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
            case .float(let number): status = sqlite_nio_sqlite3_bind_double(statement, index, number)
            case .null: status = sqlite_nio_sqlite3_bind_null(statement, index)
            case .text(let text):
                status = sqlite_nio_sqlite3_bind_text64(
                    statement, index, text, UInt64(text.utf8.count), Self.transient, UInt8(SQLITE_UTF8))
            case .blob(let buffer):
                status = buffer.withUnsafeReadableBytes {
                    sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), Self.transient)
                }
            }
            guard status == SQLITE_OK else { throw SQLiteDirectError(status, on: handle) }
        }
    }

    /// A column's value as SQLiteNIO reads it, so a row decodes the same from either connection.
    private func value(of statement: OpaquePointer, at column: Int32) throws -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT: return .float(sqlite_nio_sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite_nio_sqlite3_column_text(statement, column) else { return .null }
            let length = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLITE_BLOB:
            let length = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            var buffer = ByteBufferAllocator().buffer(capacity: length)
            if let bytes = sqlite_nio_sqlite3_column_blob(statement, column) {
                buffer.writeBytes(UnsafeRawBufferPointer(start: bytes, count: length))
            }
            return .blob(buffer)
        default: return .null
        }
    }

    /// SQLite copies the bound text or bytes (`SQLITE_TRANSIENT`): the Swift string's storage is
    /// only lent for the call.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

extension OpaquePointer {
    /// Steps a statement that answers no rows, and resets it.
    fileprivate func stepOnce(on handle: OpaquePointer) throws {
        defer { sqlite_nio_sqlite3_reset(self) }
        let status = sqlite_nio_sqlite3_step(self)
        guard status == SQLITE_DONE || status == SQLITE_ROW else { throw SQLiteDirectError(status, on: handle) }
    }
}
