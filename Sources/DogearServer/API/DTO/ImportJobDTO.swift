import DogearStore
import Vapor

/// An import job as the API shows it: the counters move while it runs.
struct ImportJobDTO: Content {
    struct RowProblem: Content {
        let line: Int
        let reason: String
    }

    let id: UUID
    let status: String
    let format: String
    let dryRun: Bool
    let fileName: String?
    let total: Int
    let processed: Int
    let created: Int
    let merged: Int
    let unchanged: Int
    let failed: Int
    /// Why the whole job failed, when it did.
    let message: String?
    let errors: [RowProblem]
    /// Rows imported with something doubtful (an ISBN a spreadsheet mangled, say).
    let warnings: [RowProblem]
    /// About the whole file (its encoding, say).
    let fileWarnings: [String]
    /// How the file's statuses and shelves map: `{from, to, rows}`.
    let mappings: [ImportRunner.Mapping]
    let createdAt: Date?
    let finishedAt: Date?

    init(_ job: ImportJob, rows: [ImportRowRecord]) throws {
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
