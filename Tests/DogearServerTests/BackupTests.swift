import Foundation
import NIOConcurrencyHelpers
import SQLiteNIO
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// `dogear restore`'s checks on SQLite files: only a whole database of Dogear's is put in place, and
/// the one it replaces is kept. (A backup taken while a reader writes, restored and served again, on
/// SQLite and PostgreSQL: `scripts/test-backup.sh`.)
@Suite("Backups: what restore accepts, and what it keeps")
struct BackupTests {
    /// A small SQLite file with Dogear's migrations table and one row in `marker`.
    static func makeDatabase(_ path: String, marker: String, app: Application) async throws {
        let connection = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: app.threadPool, on: app.eventLoopGroup.any())
        for statement in [
            "CREATE TABLE _fluent_migrations (id TEXT PRIMARY KEY, name TEXT)",
            "INSERT INTO _fluent_migrations VALUES ('1', '001_CreateUsers')",
            "CREATE TABLE marker (value TEXT)", "INSERT INTO marker VALUES ('\(marker)')",
        ] {
            try await connection.query(statement, []) { _ in }
        }
        try await connection.close()
    }

    static func marker(_ path: String, app: Application) async throws -> String? {
        let connection = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: app.threadPool, on: app.eventLoopGroup.any())
        let found = NIOLockedValueBox<String?>(nil)
        try await connection.query("SELECT value FROM marker", []) { row in
            found.withLockedValue { $0 = row.column("value")?.string }
        }
        try await connection.close()
        return found.withLockedValue { $0 }
    }

    /// A folder of its own holding a live database marked "live"; removed afterwards.
    static func withLiveDatabase(_ body: (Application, String, String) async throws -> Void) async throws {
        try await withDogear { app in
            let folder = NSTemporaryDirectory() + "dogear-backup-test-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let live = folder + "/dogear.sqlite"
            try await makeDatabase(live, marker: "live", app: app)
            try await body(app, folder, live)
        }
    }

    @Test("a missing file, a text file, a database that is not Dogear's and a damaged one are refused; the live one stays")
    func refusals() async throws {
        try await Self.withLiveDatabase { app, folder, live in
            let restore = DatabaseBackup(app: app, database: .sqliteFile(path: live), dataDirectory: folder)

            func refused(_ path: String, saying words: String) async {
                do {
                    _ = try await restore.restore(from: path)
                    Issue.record("\(path) was restored")
                } catch {
                    #expect("\(error)".contains(words), "\(error)")
                }
            }
            await refused(folder + "/nothing.sqlite", saying: "no file at")
            try "not a database at all, just words".write(toFile: folder + "/words.sqlite", atomically: true, encoding: .utf8)
            await refused(folder + "/words.sqlite", saying: "not")
            let foreign = folder + "/foreign.sqlite"
            let connection = try await SQLiteConnection.open(
                storage: .file(path: foreign), threadPool: app.threadPool, on: app.eventLoopGroup.any())
            try await connection.query("CREATE TABLE something (x)", []) { _ in }
            try await connection.close()
            await refused(foreign, saying: "is not a backup of Dogear's database")

            // A real-looking backup cut in half.
            let good = folder + "/good.sqlite"
            try await Self.makeDatabase(good, marker: "backup", app: app)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: folder + "/half.sqlite"))
            await refused(folder + "/half.sqlite", saying: "not")

            #expect(try await Self.marker(live, app: app) == "live")
            #expect(!FileManager.default.fileExists(atPath: live + ".restoring"))
        }
    }

    @Test("a good backup takes the live database's place, and the live one is kept beside it")
    func restores() async throws {
        try await Self.withLiveDatabase { app, folder, live in
            try await Self.makeDatabase(folder + "/backup.sqlite", marker: "backup", app: app)
            let report = try await DatabaseBackup(app: app, database: .sqliteFile(path: live), dataDirectory: folder)
                .restore(from: folder + "/backup.sqlite")
            #expect(report.check == "integrity ok, 1 migrations")
            #expect(try await Self.marker(live, app: app) == "backup")
            let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("before-restore") }
            #expect(kept.count == 1)
            #expect(try await Self.marker(folder + "/" + kept[0], app: app) == "live")
        }
    }
}
