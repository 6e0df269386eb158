import DogearServices
import DogearStore
import Foundation

// The API's shape of an import.

extension ImportJobDTO.RowProblem {
    init(_ record: ImportJobRecord.RowProblem) {
        self.init(line: record.line, reason: record.reason)
    }
}

extension ImportJobDTO {
    init(_ record: ImportJobRecord) {
        self.init(
            id: record.id, status: record.status, format: record.format, dryRun: record.dryRun, fileName: record.fileName,
            total: record.total, processed: record.processed, created: record.created, merged: record.merged,
            unchanged: record.unchanged, failed: record.failed, message: record.message,
            errors: record.errors.map(ImportJobDTO.RowProblem.init), warnings: record.warnings.map(ImportJobDTO.RowProblem.init),
            fileWarnings: record.fileWarnings, mappings: record.mappings, createdAt: record.createdAt,
            finishedAt: record.finishedAt)
    }
}

extension ImportJobDTO {
    package init(_ job: ImportJob, rows: [ImportRowRecord]) throws {
        self.init(try ImportJobRecord(job, rows: rows))
    }
}
