import FluentKit
import FluentSQLiteDriver
import NIOConcurrencyHelpers

/// The SQLite readers' pool (`DatabaseID.sqlite`) with more than one connection per event loop.
///
/// Fluent's SQLite driver keeps one connection per event loop, so every read of every request on
/// a loop waited for that one connection, and a connection is held until its statement's answer
/// has been taken up by the (busy) loop. With a write-ahead log, readers never wait for each
/// other nor for the writer, so several connections read at once. Measured under
/// `load-mixed.sh`: two connections in all left a core idle while reads queued.
///
/// Several copies of the driver, each with its own pool of one connection per loop; each database
/// handed out (a request's `db`) takes the next copy's.
struct SQLiteReadersConfiguration: DatabaseConfiguration {
    var inner: any DatabaseConfiguration
    let connectionsPerEventLoop: Int

    var middleware: [any AnyModelMiddleware] {
        get { inner.middleware }
        set { inner.middleware = newValue }
    }

    func makeDriver(for databases: Databases) -> any DatabaseDriver {
        SpreadDriver(drivers: (0..<max(1, connectionsPerEventLoop)).map { _ in inner.makeDriver(for: databases) })
    }
}

/// Hands out databases from its drivers in turn.
private final class SpreadDriver: DatabaseDriver {
    let drivers: [any DatabaseDriver]
    private let turn = NIOLockedValueBox(0)

    init(drivers: [any DatabaseDriver]) { self.drivers = drivers }

    func makeDatabase(with context: DatabaseContext) -> any Database {
        let index = turn.withLockedValue { turn in
            turn = (turn + 1) % drivers.count
            return turn
        }
        return drivers[index].makeDatabase(with: context)
    }

    func shutdown() {
        for driver in drivers { driver.shutdown() }
    }

    func shutdownAsync() async {
        for driver in drivers { await driver.shutdownAsync() }
    }
}

extension DatabaseConfigurationFactory {
    /// SQLite readers, `connections` per event loop (`SQLiteReadersConfiguration`).
    static func sqliteReaders(_ configuration: SQLiteConfiguration, connections: Int) -> Self {
        .init {
            SQLiteReadersConfiguration(
                inner: DatabaseConfigurationFactory.sqlite(configuration).make(), connectionsPerEventLoop: connections)
        }
    }
}
