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
    package let mappings: [ImportStatusMapping]
    package let createdAt: Date?
    package let finishedAt: Date?
    /// A highlights file's books that matched none of the reader's: link each with
    /// `POST /api/v1/imports/{id}/books/{bookId}/link`.
    package var unmatchedBooks: [UnmatchedBook] = []

    package struct UnmatchedBook: Content {
        package let id: UUID
        package let title: String
        @Nullable package var author: String?
        package let highlights: Int
    }

}

extension ImportStatusMapping: Content {}
