import DogearStore
import FluentKit
import Vapor

/// Gives back the SQLite writers' own connection when the application stops: the line forgets the
/// database (a test process starts and stops thousands of applications).
struct SQLiteWriterRelease: LifecycleHandler {
    let writer: any Database

    func shutdownAsync(_ application: Application) async {
        SQLiteWriters.release(writer)
    }
}

extension DatabaseID {
    /// The same SQLite database as `.sqlite`, in a pool of its own, for write transactions.
    static var sqliteWriter: DatabaseID { .init(string: "sqlite-writer") }
}
