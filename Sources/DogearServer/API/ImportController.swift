import DogearServices
import DogearStore
import Vapor

/// `POST /api/v1/imports`, `GET /api/v1/imports/{id}` (import Goodreads, StoryGraph, LibraryThing,
/// BookWyrm, Hardcover and Dogear files, and e-readers' highlights), and
/// `POST /api/v1/imports/{id}/books/{bookId}/link` (a highlights file's unmatched book to a book).
package struct ImportController {
    /// Stores the upload, checks it can be read, and queues the job: 202 with the job.
    package func create(req: Request) async throws -> Response {
        let dryRun = (try? req.query.get(Bool.self, at: "dryRun")) ?? false
        let job = try await UploadReceiver.startImport(req, dryRun: dryRun, shelvesAsLists: try Self.shelvesAsLists(req))
        let response = Response(status: .accepted)
        try response.content.encode(try ImportJobDTO(job, rows: []))
        response.headers.replaceOrAdd(name: .location, value: "/api/v1/imports/\(try job.requireID())")
        return response
    }

    /// `shelvesAs=lists` makes a file's own shelves (Goodreads', BookWyrm's) or lists (Hardcover's) into lists; `tags` (the default) keeps them as tags.
    package static func shelvesAsLists(_ req: Request) throws -> Bool {
        switch req.query[String.self, at: "shelvesAs"] {
        case nil, "tags": return false
        case "lists": return true
        case let other?: throw DomainError.badRequest("'\(other)' is not a choice; use tags or lists", field: "shelvesAs")
        }
    }

    package func show(req: Request) async throws -> ImportJobDTO {
        let jobs = try req.importJobs()
        let job = try await jobs.job(try req.uuidParameter("id"))
        // The first thousand problems; `failed` counts them all.
        return try ImportJobDTO(
            job, rows: try await jobs.rows(of: job, onlyFailed: false, limit: 1000),
            unmatchedBooks: try await jobs.unmatchedBooks(of: job))
    }

    private struct LinkBook: Content {
        var entryId: UUID
    }

    /// `POST /api/v1/imports/{id}/books/{bookId}/link {"entryId"}`: a highlights file's book that
    /// matched none of the reader's goes to the one they name; answers the job.
    package func linkBook(req: Request) async throws -> ImportJobDTO {
        let jobs = try req.importJobs()
        let job = try await jobs.job(try req.uuidParameter("id"))
        let body = try req.content.decode(LinkBook.self)
        try await req.highlightImport().link(waitingID: try req.uuidParameter("bookId"), of: job, to: body.entryId)
        return try await show(req: req)
    }
}
