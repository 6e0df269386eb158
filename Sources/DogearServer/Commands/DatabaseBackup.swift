import DogearServices
import DogearStore
import Fluent
import Foundation
import NIOConcurrencyHelpers
import SQLKit
import SQLiteNIO
import Vapor

/// `dogear backup` and `dogear restore`: a copy of the whole database that is safe to take while
/// Dogear serves, checked before it is called done, and put back only after it checks out.
///
/// - SQLite: `VACUUM INTO` writes a consistent snapshot (as of one moment; writers go on meanwhile
///   in WAL mode) into a new file, which is then opened on its own and must pass
///   `PRAGMA integrity_check` and hold Dogear's tables. Restoring checks the file the same way,
///   keeps the current database beside it (`…before-restore-…`), and puts the backup in its place
///   with one rename.
/// - PostgreSQL: `pg_dump --format=custom` (a consistent snapshot too), checked by listing it with
///   `pg_restore --list`; restoring is `pg_restore --clean --if-exists --no-owner` into the
///   configured database. Both come with Debian's `postgresql-client`.
///
/// Uploads waiting for an import are not in it: they are minutes old and their jobs say so when
/// their file is missing. Restore with the server stopped.
package struct DatabaseBackup {
    package let app: Application
    package let database: DogearConfig.DatabaseChoice
    package let dataDirectory: String

    package struct Report: Sendable {
        package let path: String
        package let bytes: Int
        /// What the check found: "ok" and the number of migrations, or pg_restore's table of contents size.
        package let check: String
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }

    /// The default place: `DATA_DIR/backups/dogear-20260314-103000.sqlite` (`.dump` for PostgreSQL).
    package func defaultPath(at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let name = "dogear-\(formatter.string(from: date))." + (database.kind == "sqlite" ? "sqlite" : "dump")
        return (dataDirectory as NSString).appendingPathComponent("backups/" + name)
    }

    package func backup(to target: String) async throws -> Report {
        guard !FileManager.default.fileExists(atPath: target) else {
            throw Failure("\(target) already exists; name a new file")
        }
        let folder = (target as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        // Written under a temporary name and renamed when checked: a failed backup leaves nothing
        // that looks like one.
        let partial = target + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        do {
            switch database {
            case .sqliteMemory: throw Failure("an in-memory database has nothing to back up")
            case .sqliteFile:
                try await app.db.sql.raw("VACUUM INTO \(bind: partial)").run()
            case .postgres(let url):
                try await Self.run("pg_dump", ["--format=custom", "--no-owner", "--file=\(partial)", "--dbname=\(url)"])
            }
            let check = try await verify(partial)
            try FileManager.default.moveItem(atPath: partial, toPath: target)
            return Report(path: target, bytes: Self.size(of: target), check: check)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
    }

    package func restore(from source: String) async throws -> Report {
        guard FileManager.default.fileExists(atPath: source) else { throw Failure("no file at \(source)") }
        let check = try await verify(source)
        switch database {
        case .sqliteMemory: throw Failure("an in-memory database cannot be restored into")
        case .sqliteFile(let live):
            let manager = FileManager.default
            let incoming = live + ".restoring"
            try? manager.removeItem(atPath: incoming)
            try manager.copyItem(atPath: source, toPath: incoming)
            try await Self.startNewSyncEpoch(inSQLite: incoming, threadPool: app.threadPool, on: app.eventLoopGroup.any())
            if manager.fileExists(atPath: live) {
                let kept = live + ".before-restore-" + String(Int(app.clock.now().timeIntervalSince1970))
                try manager.moveItem(atPath: live, toPath: kept)
                // The write-ahead log belongs to the database it was written for: it goes with it.
                for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: live + suffix) {
                    try manager.moveItem(atPath: live + suffix, toPath: kept + suffix)
                }
            }
            try manager.moveItem(atPath: incoming, toPath: live)
            return Report(path: live, bytes: Self.size(of: live), check: check)
        case .postgres(let url):
            try await Self.run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--dbname=\(url)", source])
            try await Self.startNewSyncEpoch(on: app.db)
            return Report(path: url, bytes: Self.size(of: source), check: check)
        }
    }

    /// The file must be a whole database of Dogear's: for SQLite it passes `integrity_check` and has
    /// its migrations table; for PostgreSQL `pg_restore --list` reads its table of contents.
    package func verify(_ path: String) async throws -> String {
        switch database {
        case .sqliteFile, .sqliteMemory:
            return try await Self.checkSQLite(path, threadPool: app.threadPool, on: app.eventLoopGroup.any())
        case .postgres:
            let listing = try await Self.run("pg_restore", ["--list", path])
            let entries = listing.split(separator: "\n").filter { !$0.hasPrefix(";") && !$0.isEmpty }.count
            guard listing.contains("_fluent_migrations") else { throw Failure("\(path) is not a backup of Dogear's database") }
            return "pg_restore reads \(entries) entries"
        }
    }

    package static func checkSQLite(_ path: String, threadPool: NIOThreadPool, on eventLoop: any EventLoop) async throws -> String
    {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: path), threadPool: threadPool, on: eventLoop)
        } catch {
            throw Failure("\(path) cannot be opened as an SQLite database: \(error)")
        }
        do {
            let integrity = try await rows(connection, "PRAGMA integrity_check").compactMap {
                $0.column("integrity_check")?.string
            }
            guard integrity == ["ok"] else {
                throw Failure("\(path) fails the integrity check: \(integrity.prefix(5).joined(separator: "; "))")
            }
            let migrations = try await rows(connection, "SELECT COUNT(*) AS n FROM _fluent_migrations").first?.column("n")?
                .integer
            guard let migrations, migrations > 0 else { throw Failure("\(path) is not a backup of Dogear's database") }
            try await connection.close()
            return "integrity ok, \(migrations) migrations"
        } catch let error as Failure {
            try? await connection.close()
            throw error
        } catch {
            try? await connection.close()
            throw Failure("\(path) is not a backup of Dogear's database: \(error)")
        }
    }

    /// Apps' sync cursors from before a restore must not be taken as current: the restored data
    /// reuses versions they have seen, so the change log gets a new epoch and those cursors ask for
    /// a full sync. A backup from before the sync log has none; its migration makes one.
    package static func startNewSyncEpoch(on db: any FluentKit.Database) async throws {
        try await db.sql.raw("UPDATE sync_epoch SET epoch = \(bind: SyncEpoch.fresh())").run()
    }

    private static func startNewSyncEpoch(inSQLite path: String, threadPool: NIOThreadPool, on eventLoop: any EventLoop)
        async throws
    {
        let connection = try await SQLiteConnection.open(storage: .file(path: path), threadPool: threadPool, on: eventLoop)
        do {
            let hasLog = try await rows(connection, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'sync_epoch'")
            if !hasLog.isEmpty {
                try await connection.query("UPDATE sync_epoch SET epoch = ?", [.text(SyncEpoch.fresh())]) { _ in }
            }
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private static func rows(_ connection: SQLiteConnection, _ query: String) async throws -> [SQLiteRow] {
        let collected = NIOLockedValueBox<[SQLiteRow]>([])
        try await connection.query(query, []) { row in collected.withLockedValue { $0.append(row) } }
        return collected.withLockedValue { $0 }
    }

    private static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Runs a PostgreSQL client program; its standard output, or its own words when it fails.
    @discardableResult
    package static func run(_ program: String, _ arguments: [String]) async throws -> String {
        guard let executable = locate(program) else {
            throw Failure("\(program) is not installed (Debian: apt-get install postgresql-client)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read while it runs, so a large listing cannot fill the pipe and stall it.
        async let out = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }.value
        async let err = Task.detached { errors.fileHandleForReading.readDataToEndOfFile() }.value
        let (stdout, stderr) = await (out, err)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = String(decoding: stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure("\(program) failed: \(said.isEmpty ? "exit \(process.terminationStatus)" : said)")
        }
        return String(decoding: stdout, as: UTF8.self)
    }

    /// The program on PATH, else in the newest `/usr/lib/postgresql/*/bin` (Debian's layout).
    package static func locate(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(program)") {
            return "\(folder)/\(program)"
        }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            let candidate = "/usr/lib/postgresql/\(version)/bin/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

extension Application {
    private struct DatabaseChoiceKey: StorageKey {
        package typealias Value = DogearConfig.DatabaseChoice
    }

    private struct DataDirectoryKey: StorageKey {
        package typealias Value = String
    }

    /// Which database this application uses, as configured (for `dogear backup` and `restore`).
    package var databaseChoice: DogearConfig.DatabaseChoice {
        get { storage[DatabaseChoiceKey.self] ?? .sqliteMemory }
        set { storage[DatabaseChoiceKey.self] = newValue }
    }

    package var dataDirectory: String {
        get { storage[DataDirectoryKey.self] ?? "./data" }
        set { storage[DataDirectoryKey.self] = newValue }
    }
}
