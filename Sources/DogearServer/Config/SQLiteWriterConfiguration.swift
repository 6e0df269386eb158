import FluentKit
import FluentSQLiteDriver
import NIOPosix

/// The SQLite writers' pool (`DatabaseID.sqliteWriter`): the same database as `.sqlite`, on an
/// event loop and a thread pool of its own instead of those every request shares.
///
/// Why: a write group runs a dozen statements one after another, and each is two hops: to a
/// thread of the pool that calls SQLite, and back to the connection's event loop. On the shared
/// threads each hop waited in line behind the reads and the responses of every other request, so
/// under load a write's statements took a queue's time each (measured: 1.8 ms a write at 32
/// connections in `bench http`, against about 0.1 ms of SQLite's own work). On threads of their own
/// they wait for nothing but a core. The threads serve the whole process, as NIO's singletons do:
/// the line runs one group at a time per database; a second thread of each keeps a test process's
/// many small databases moving.
struct SQLiteWriterConfiguration: DatabaseConfiguration {
    /// Started once and kept for the process, like NIO's own singleton pool.
    static let threadPool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        return pool
    }()
    /// Where the writers' connections live and a group's code runs (`SQLiteWriters.dedicate`).
    static let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 2)

    var inner: any DatabaseConfiguration

    var middleware: [any AnyModelMiddleware] {
        get { inner.middleware }
        set { inner.middleware = newValue }
    }

    func makeDriver(for databases: Databases) -> any DatabaseDriver {
        // The driver takes only the thread pool and the event loops from `databases`.
        inner.makeDriver(for: Databases(threadPool: Self.threadPool, on: Self.eventLoopGroup))
    }
}

extension DatabaseConfigurationFactory {
    /// The writers' SQLite pool on its own thread pool (`SQLiteWriterConfiguration`).
    static func sqliteWriter(_ configuration: SQLiteConfiguration) -> Self {
        .init { SQLiteWriterConfiguration(inner: DatabaseConfigurationFactory.sqlite(configuration).make()) }
    }
}
