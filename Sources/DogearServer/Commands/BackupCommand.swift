import DogearServices
import DogearStore
import Vapor

/// `dogear backup [--to PATH]`: a checked copy of the database, safe to take while Dogear serves
/// (`DatabaseBackup`). Without --to it goes to `DATA_DIR/backups/` with the time in its name.
package struct BackupCommand: AsyncCommand {
    package struct Signature: CommandSignature {
        package init() {}

        @Option(name: "to", help: "The file to write (default: DATA_DIR/backups/dogear-<time>.sqlite or .dump)")
        package var to: String?
    }

    package var help: String { "Back up the database (safe while serving); the copy is checked before it is called done" }

    package func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        let backup = DatabaseBackup(app: app, database: app.databaseChoice, dataDirectory: app.dataDirectory)
        do {
            let report = try await backup.backup(to: signature.to ?? backup.defaultPath(at: app.clock.now()))
            context.console.print("backed up to \(report.path) (\(report.bytes) bytes; \(report.check))")
        } catch let failure as DatabaseBackup.Failure {
            throw CommandFailure(failure.description)
        }
    }
}

/// `dogear restore PATH`: checks a backup and puts it in place of the database. Stop the server
/// first; the database it replaces is kept beside it (SQLite) and the next start migrates the
/// restored one forward if it is older.
package struct RestoreCommand: AsyncCommand {
    package struct Signature: CommandSignature {
        package init() {}

        @Argument(name: "path", help: "A backup made by `dogear backup`")
        package var path: String
    }

    package var help: String { "Restore a backup made by `dogear backup` (stop the server first)" }

    package func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        let backup = DatabaseBackup(app: app, database: app.databaseChoice, dataDirectory: app.dataDirectory)
        do {
            let report = try await backup.restore(from: signature.path)
            context.console.print("restored \(signature.path) into \(report.path) (\(report.check))")
        } catch let failure as DatabaseBackup.Failure {
            throw CommandFailure(failure.description)
        }
    }
}
