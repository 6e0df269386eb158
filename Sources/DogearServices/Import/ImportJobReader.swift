import DogearStore
import DogearTransfer
import FluentKit
import Foundation
import SQLKit

/// A reader's import jobs as the API and the import page show them: another reader's job is
/// "not found", like one that does not exist.
package struct ImportJobReader {
    package let db: any Database
    package let userID: UUID

    package func job(_ id: UUID) async throws -> ImportJob {
        guard let job = try await ImportJob.query(on: db).filter(\.$id == id).filter(\.$user.$id == userID).first() else {
            throw DomainError.importNotFound
        }
        return job
    }

    /// How many of the reader's imports are queued or running, and how many previews made since
    /// `since` still hold their upload (waiting to be run or left).
    package func pending(since: Date) async throws -> (active: Int, previews: Int) {
        let active = try await ImportJob.query(on: db).filter(\.$user.$id == userID)
            .filter(\.$status ~~ [ImportJob.Status.queued, ImportJob.Status.running]).count()
        let previews = try await ImportJob.query(on: db).filter(\.$user.$id == userID).filter(\.$dryRun == true)
            .filter(\.$createdAt >= since).all()
            .filter { FileManager.default.fileExists(atPath: $0.filePath) }.count
        return (active, previews)
    }

    /// The job's recorded rows in file order (only the failed ones when asked), at most `limit`.
    package func rows(of job: ImportJob, onlyFailed: Bool, limit: Int) async throws -> [ImportRowRecord] {
        var query = ImportRowRecord.query(on: db).filter(\.$job.$id == (try job.requireID()))
        if onlyFailed { query = query.filter(\.$outcome == ImportRowRecord.Outcome.failed) }
        return try await query.sort(\.$line).limit(limit).all()
    }

    /// A highlights job's books that matched none of the reader's, in the file's order, the first
    /// `limit` (a file holds at most `HighlightsFile.maxBooks`).
    package func unmatchedBooks(of job: ImportJob, limit: Int = 1000) async throws -> [ImportJobRecord.WaitingBook] {
        guard ImportFormat(rawValue: job.format)?.isHighlights == true else { return [] }
        return try await db.sql.raw(
            """
            SELECT id, title, author, highlights FROM import_waiting_books
            WHERE job_id = \(bind: try job.requireID()) ORDER BY position LIMIT \(bind: limit)
            """
        ).all().map { row in
            ImportJobRecord.WaitingBook(
                id: try row.decode(column: "id", as: UUID.self), title: try row.decode(column: "title", as: String.self),
                author: try row.decode(column: "author", as: String?.self),
                highlights: try row.decode(column: "highlights", as: Int.self))
        }
    }

    package init(db: any Database, userID: UUID) {
        self.db = db
        self.userID = userID
    }
}
