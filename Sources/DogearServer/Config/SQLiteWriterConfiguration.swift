import DogearStore
import FluentKit
import FluentSQLiteDriver
import NIOPosix

/// The SQLite writers' database (`DatabaseID.sqliteWriter`): the same database as `.sqlite`,
/// through a connection of its own that the write groups call directly
/// (`SQLiteDirectConnection`), on an event loop of its own instead of those every request shares.
///
/// Why: a write group runs a dozen statements one after another. Through Fluent's SQLite driver
/// each was two hops, to a thread of its pool and back to the connection's event loop, and each hop
/// waited for a thread to wake: measured, the writers' threads were under a quarter busy while the
/// writes queued. The group's own thread now calls SQLite, statement after statement. The loops
/// serve the whole process, as NIO's singletons do: the line runs one group at a time per database;
/// a second loop keeps a test process's many small databases moving.
struct SQLiteWriterConfiguration: DatabaseConfiguration {
    /// Where a group's code runs and its statements are called (`SQLiteWriters.dedicate`).
    static let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 2)

    var sqlite: SQLiteConfiguration
    var middleware: [any AnyModelMiddleware] = []

    func makeDriver(for databases: Databases) -> any DatabaseDriver {
        SQLiteDirectDriver(configuration: sqlite, threadPool: nil)
    }
}

extension DatabaseConfigurationFactory {
    /// The writers' SQLite database on its own connection (`SQLiteWriterConfiguration`).
    static func sqliteWriter(_ configuration: SQLiteConfiguration) -> Self {
        .init { SQLiteWriterConfiguration(sqlite: configuration) }
    }
}
