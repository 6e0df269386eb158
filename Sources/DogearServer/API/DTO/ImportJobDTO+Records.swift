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
            finishedAt: record.finishedAt,
            unmatchedBooks: record.unmatchedBooks.map {
                UnmatchedBook(id: $0.id, title: $0.title, author: $0.author, highlights: $0.highlights)
            })
    }
}

extension ImportJobDTO {
    package init(_ job: ImportJob, rows: [ImportRowRecord], unmatchedBooks: [ImportJobRecord.WaitingBook] = []) throws {
        self.init(try ImportJobRecord(job, rows: rows, unmatchedBooks: unmatchedBooks))
    }
}
