import DogearServices
import DogearStore
import DogearTransfer
import Fluent
import Vapor

/// `dogear import FILE --user EMAIL [--dry-run]`: imports an export for a reader, with a progress bar.
/// Run again after a crash or Ctrl-C, it goes on where it stopped (same file, same reader).
package struct ImportCommand: AsyncCommand {
    package struct Signature: CommandSignature {
        package init() {}

        @Argument(
            name: "file",
            help: "A Goodreads, StoryGraph, LibraryThing, BookWyrm or Hardcover export, a Dogear backup, or e-reader highlights")
        package var file: String
        @Option(name: "user", short: "u", help: "The email of the reader to import for")
        package var user: String?
        @Flag(name: "dry-run", help: "Show what would happen and change nothing")
        package var dryRun: Bool
    }

    package var help: String {
        "Import a Goodreads, StoryGraph, LibraryThing, BookWyrm or Hardcover export (or a Dogear backup) into a reader's library"
    }

    package func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.prepareDatabase()
        let user = try await CommandUser.find(signature.user, on: app.db)
        let path = URL(fileURLWithPath: signature.file).standardizedFileURL.path
        var runner = ImportRunner(db: app.db, logger: app.logger, now: app.clock.now)
        runner.tiersEnabled = app.tiersEnabled
        let job: ImportJob
        do {
            if let unfinished = try await unfinishedJob(for: user, path: path, dryRun: signature.dryRun, on: app.db) {
                job = unfinished
            } else {
                job = try await runner.createJob(
                    userID: try user.requireID(), filePath: path,
                    fileName: (path as NSString).lastPathComponent, dryRun: signature.dryRun)
            }
        } catch let error as ImportFileError {
            throw CommandFailure("import: \(error.description)")
        }
        if job.processed > 0 {
            context.console.print(
                "import: going on with the import stopped at line \(job.lastLine) (\(job.processed) of \(job.total) rows done)")
        }
        let bar = ProgressBar(total: job.total)
        let finished = try await runner.run(try job.requireID()) { job in bar.show(job.processed) }
        bar.end()
        let rows = try await ImportRowRecord.query(on: app.db).filter(\.$job.$id == (try finished.requireID())).sort(\.$line)
            .all()
        print(Self.summary(try ImportJobDTO(finished, rows: rows)))
        if finished.status == ImportJob.Status.failed { throw CommandFailure("import failed") }
    }

    /// A run of the same file for the same reader that a crash stopped.
    private func unfinishedJob(for user: User, path: String, dryRun: Bool, on db: any Database) async throws -> ImportJob? {
        guard !dryRun else { return nil }
        let hash = try ImportRunner.sha256(of: path)
        return try await ImportJob.query(on: db)
            .filter(\.$user.$id == (try user.requireID()))
            .filter(\.$fileSHA256 == hash).filter(\.$dryRun == false)
            .filter(\.$status ~~ [ImportJob.Status.queued, ImportJob.Status.running])
            .sort(\.$createdAt, .descending).first()
    }

    package static func summary(_ job: ImportJobDTO) -> String {
        var lines = [
            "\(job.dryRun ? "dry run" : "import") \(job.status): \(job.format), \(job.total) rows: "
                + "\(job.created) created, \(job.merged) merged, \(job.unchanged) unchanged, \(job.failed) failed"
        ]
        if let message = job.message { lines.append("  \(message)") }
        lines += job.fileWarnings.map { "  warning: \($0)" }
        if !job.mappings.isEmpty {
            lines.append("statuses:")
            lines += job.mappings.map { "  \($0.from) → \($0.to): \($0.rows)" }
        }
        lines += job.errors.prefix(50).map { "  line \($0.line): \($0.reason)" }
        if job.errors.count > 50 { lines.append("  … and \(job.errors.count - 50) more failed rows") }
        if !job.warnings.isEmpty { lines.append("  \(job.warnings.count) rows imported with a warning") }
        return lines.joined(separator: "\n")
    }
}

/// `[#########-----------]  4500/10000 rows` on standard error, redrawn in place.
package final class ProgressBar: @unchecked Sendable {
    package let total: Int
    private let width = 30

    package init(total: Int) { self.total = total }

    package func show(_ done: Int) {
        let filled = total == 0 ? width : min(width, done * width / total)
        let line =
            "\r[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            + "] \(done)/\(total) rows"
        FileHandle.standardError.write(Data(line.utf8))
    }

    package func end() { FileHandle.standardError.write(Data("\n".utf8)) }
}

/// The reader a command acts for, by email.
package enum CommandUser {
    package static func find(_ email: String?, on db: any Database) async throws -> User {
        guard let email, !email.isEmpty else { throw CommandFailure("give the reader with --user EMAIL") }
        guard let user = try await User.query(on: db).filter(\.$emailKey == email.lowercased()).first() else {
            throw CommandFailure("no account with the email \(email) (create one with `dogear user add \(email)`)")
        }
        return user
    }
}

/// A command's failure, said in one line.
package struct CommandFailure: Error, CustomStringConvertible, LocalizedError {
    package let description: String
    package init(_ description: String) { self.description = description }
    package var errorDescription: String? { description }
}
