import DogearCore
import DogearStore
import Foundation

// An import as the import services answer with it: the API's ImportJobDTO and the import page both read it.

package struct ImportJobRecord: Sendable, Equatable {
    package struct RowProblem: Sendable, Equatable {
        package var line: Int
        package var reason: String

        package init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    /// A highlights file's book that matched none of the reader's, waiting to be linked to one.
    package struct WaitingBook: Sendable, Equatable {
        package var id: UUID
        package var title: String
        package var author: String?
        package var highlights: Int

        package init(id: UUID, title: String, author: String?, highlights: Int) {
            self.id = id
            self.title = title
            self.author = author
            self.highlights = highlights
        }
    }

    package var id: UUID
    package var status: String
    package var format: String
    package var dryRun: Bool
    package var fileName: String?
    package var total: Int
    package var processed: Int
    package var created: Int
    package var merged: Int
    package var unchanged: Int
    package var failed: Int
    package var message: String?
    package var errors: [RowProblem]
    package var warnings: [RowProblem]
    package var fileWarnings: [String]
    package var mappings: [ImportStatusMapping]
    package var createdAt: Date?
    package var finishedAt: Date?
    package var unmatchedBooks: [WaitingBook] = []

    package init(
        id: UUID, status: String, format: String, dryRun: Bool, fileName: String? = nil, total: Int, processed: Int, created: Int,
        merged: Int, unchanged: Int, failed: Int, message: String? = nil, errors: [RowProblem], warnings: [RowProblem],
        fileWarnings: [String], mappings: [ImportStatusMapping], createdAt: Date? = nil, finishedAt: Date? = nil
    ) {
        self.id = id
        self.status = status
        self.format = format
        self.dryRun = dryRun
        self.fileName = fileName
        self.total = total
        self.processed = processed
        self.created = created
        self.merged = merged
        self.unchanged = unchanged
        self.failed = failed
        self.message = message
        self.errors = errors
        self.warnings = warnings
        self.fileWarnings = fileWarnings
        self.mappings = mappings
        self.createdAt = createdAt
        self.finishedAt = finishedAt
    }

    package init(_ job: ImportJob, rows: [ImportRowRecord], unmatchedBooks: [WaitingBook] = []) throws {
        self.unmatchedBooks = unmatchedBooks
        id = try job.requireID()
        status = job.status.rawValue
        format = job.format
        dryRun = job.dryRun
        fileName = job.fileName
        total = job.total
        processed = job.processed
        created = job.created
        merged = job.merged
        unchanged = job.unchanged
        failed = job.failed
        message = job.message
        errors = rows.filter { $0.outcome == ImportRowRecord.Outcome.failed }.map {
            RowProblem(line: $0.line, reason: $0.reason)
        }
        warnings = rows.filter { $0.outcome == ImportRowRecord.Outcome.warning }.map {
            RowProblem(line: $0.line, reason: $0.reason)
        }
        fileWarnings = (try? JSONDecoder().decode([String].self, from: Data(job.warnings.utf8))) ?? []
        mappings = ImportStatusMapping.decode(job.mappings)
        createdAt = job.createdAt
        finishedAt = job.finishedAt
    }
}

/// How many rows of a file came in with one status and were given another (a Goodreads shelf
/// named "abandoned" read as did-not-finish, say): the import page shows these.
package struct ImportStatusMapping: Codable, Equatable, Sendable {
    package var from: String
    package var to: String
    package var rows: Int

    package init(from: String, to: String, rows: Int) {
        self.from = from
        self.to = to
        self.rows = rows
    }

    /// The mappings a job stored as JSON (none when it holds none, or something unreadable).
    package static func decode(_ text: String) -> [ImportStatusMapping] {
        (try? JSONDecoder().decode([ImportStatusMapping].self, from: Data(text.utf8))) ?? []
    }
}
