import DogearCore
import DogearServices
import DogearStore
import DogearTransfer
import DogearViews
import Vapor

/// `/import`, `/import/{id}`, `/export`: the API's import jobs and export behind pages. The web
/// flow is always a preview first (a dry run), then the run from the same stored file.
package struct TransferPages {
    package func uploadPage(req: Request) async throws -> Response {
        Response(html: ImportUpload.View.render(.init(session: try req.requirePageSession())))
    }

    package func upload(req: Request) async throws -> Response {
        do {
            let job = try await UploadReceiver.startImport(req, dryRun: true)
            return .seeOther(SiteURL.importJob(try job.requireID()).path)
        } catch let error as DomainError where error.field == "file" {
            let model = ImportUpload.Model(error: error.message, session: try req.requirePageSession())
            return Response(status: .unprocessableEntity, html: ImportUpload.View.render(model))
        }
    }

    package func show(req: Request) async throws -> Response {
        let jobs = try req.importJobs()
        let job = try await ownJob(req)
        let rows = try await jobs.rows(of: job, onlyFailed: true, limit: 200)
        let dto = try ImportJobRecord(job, rows: rows)
        var model = ImportJobPage.Model(
            id: dto.id, status: dto.status, dryRun: dto.dryRun, format: dto.format, fileName: dto.fileName, total: dto.total,
            processed: dto.processed, created: dto.created, merged: dto.merged, unchanged: dto.unchanged, failed: dto.failed,
            message: dto.message,
            mappings: dto.mappings.map {
                // Words, not the API's values: "Want to read", not "wantToRead".
                .init(from: $0.from, to: ReadingStatus(rawValue: $0.to)?.label ?? $0.to, rows: $0.rows)
            },
            errors: dto.errors.map { .init(line: $0.line, reason: $0.reason) }, fileWarnings: dto.fileWarnings,
            session: try req.requirePageSession())
        let format = ImportFormat(rawValue: job.format)
        model.isHighlights = format?.isHighlights ?? false
        model.offersShelvesChoice = [.goodreads, .bookWyrm, .hardcover].contains(format)
        if job.status == .done || job.status == .failed {
            // The first fifty, each with its form: linking them shows the next.
            model.unmatched = try await jobs.unmatchedBooks(of: job, limit: 50).map {
                .init(id: $0.id, title: $0.title, author: $0.author, highlights: $0.highlights)
            }
        }
        if !model.unmatched.isEmpty, !job.dryRun {
            model.search = (try? req.query.get(String.self, at: "q")) ?? ""
            model.choices = try await req.bookChoices(matching: model.search)
        }
        if req.query["partial"] == "1" {
            return Response(htmlFragment: ImportJobPage.View.fragment(model))
        }
        return Response(html: ImportJobPage.View.render(model))
    }

    /// A highlights import's book goes to the book of the reader's they chose.
    package func linkBook(req: Request) async throws -> Response {
        struct Form: Content { var entryId: String? }
        let job = try await ownJob(req)
        guard let entryID = try req.content.decode(Form.self).entryId.flatMap(UUID.init(uuidString:)) else {
            throw ValidationError(field: "entryId", "choose a book")
        }
        try await req.highlightImport().link(waitingID: try req.uuidParameter("bookId"), of: job, to: entryID)
        return .seeOther(SiteURL.importJob(try job.requireID()).with(fragment: "unmatched"))
    }

    /// The reader confirmed the preview: the same file, for real.
    package func run(req: Request) async throws -> Response {
        let preview = try await ownJob(req)
        guard preview.dryRun, preview.status == ImportJob.Status.done,
            preview.runID != nil || FileManager.default.fileExists(atPath: preview.filePath)
        else {
            throw PageError(status: .conflict, message: "This preview cannot be imported any more; upload the file again.")
        }
        var runner = ImportRunner(db: req.db, logger: req.logger, now: req.application.clock.now)
        runner.tiersEnabled = req.application.tiersEnabled
        struct RunForm: Content { var shelvesAs: String? }
        let form = try? req.content.decode(RunForm.self)
        let (job, isNew) = try await runner.confirm(preview, shelvesAsLists: form?.shelvesAs == "lists")
        if isNew { req.application.importJobs.start(try job.requireID(), app: req.application) }
        return .seeOther(SiteURL.importJob(try job.requireID()).path)
    }

    package func exportPage(req: Request) async throws -> Response {
        Response(html: ExportPage.View.render(session: try req.requirePageSession()))
    }

    package func download(req: Request) async throws -> Response {
        guard let format = req.parameters.get("format").flatMap(ExportService.Format.init(rawValue:)) else {
            throw PageError(status: .notFound, message: "There is no such export.")
        }
        return try await ExportService.download(format, for: try req.currentUser(), on: req)
    }

    private func ownJob(_ req: Request) async throws -> ImportJob {
        guard let id = req.parameters.get("id").flatMap(UUID.init(uuidString:)) else { throw DomainError.importNotFound }
        return try await req.importJobs().job(id)
    }
}
