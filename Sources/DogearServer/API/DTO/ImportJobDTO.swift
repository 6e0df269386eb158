import DogearServices
import DogearStore
import Vapor

/// An import job as the API shows it: the counters move while it runs.
package struct ImportJobDTO: Content {
    package struct RowProblem: Content {
        package let line: Int
        package let reason: String
    }

    package let id: UUID
    package let status: String
    package let format: String
    package let dryRun: Bool
    package let fileName: String?
    package let total: Int
    package let processed: Int
    package let created: Int
    package let merged: Int
    package let unchanged: Int
    package let failed: Int
    /// Why the whole job failed, when it did.
    package let message: String?
    package let errors: [RowProblem]
    /// Rows imported with something doubtful (an ISBN a spreadsheet mangled, say).
    package let warnings: [RowProblem]
    /// About the whole file (its encoding, say).
    package let fileWarnings: [String]
    /// How the file's statuses and shelves map: `{from, to, rows}`.
    package let mappings: [ImportRunner.Mapping]
    package let createdAt: Date?
    package let finishedAt: Date?

    package init(_ job: ImportJob, rows: [ImportRowRecord]) throws {
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
        mappings = ImportRunner.decodeMappings(job.mappings)
        createdAt = job.createdAt
        finishedAt = job.finishedAt
    }
}

extension ImportRunner.Mapping: Content {}
