import DogearStore
import FluentKit
import FluentSQLiteDriver

/// The SQLite readers' database (`DatabaseID.sqlite`): Dogear's own connections to the file
/// (`SQLiteDirectDatabase`), each statement run on a thread of the application's thread pool, as
/// many connections as reads run at once.
///
/// Why not Fluent's SQLite driver: it keeps one connection per event loop, so every read of every
/// request on a loop waited for that one connection (measured under `load-mixed.sh`: two
/// connections in all left a core idle while reads queued); and it prepares each statement again
/// every time it runs, a tenth of the server's time under the same load. With a write-ahead log,
/// readers never wait for each other nor for the writer.
struct SQLiteReadersConfiguration: DatabaseConfiguration {
    var sqlite: SQLiteConfiguration
    var middleware: [any AnyModelMiddleware] = []

    func makeDriver(for databases: Databases) -> any DatabaseDriver {
        SQLiteDirectDriver(configuration: sqlite, threadPool: databases.threadPool)
    }
}

extension DatabaseConfigurationFactory {
    /// The SQLite readers (`SQLiteReadersConfiguration`).
    static func sqliteReaders(_ configuration: SQLiteConfiguration) -> Self {
        .init { SQLiteReadersConfiguration(sqlite: configuration) }
    }
}
