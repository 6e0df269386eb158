import DogearTransfer
import Fluent
import Vapor

/// `POST /api/v1/imports`, `GET /api/v1/imports/{id}` (SPEC §5).
struct ImportController {
    /// Stores the upload, checks it can be read, and queues the job: 202 with the job.
    func create(req: Request) async throws -> Response {
        let dryRun = (try? req.query.get(Bool.self, at: "dryRun")) ?? false
        let job: ImportJob
        do {
            job = try await UploadReceiver.startImport(req, dryRun: dryRun)
        } catch let error as ImportFileError {
            throw APIError(status: .unprocessableEntity, code: "unreadableFile", message: error.description, field: "file")
        }
        let response = Response(status: .accepted)
        try response.content.encode(try ImportJobDTO(job, rows: []))
        response.headers.replaceOrAdd(name: .location, value: "/api/v1/imports/\(try job.requireID())")
        return response
    }

    func show(req: Request) async throws -> ImportJobDTO {
        let id = try req.uuidParameter("id")
        guard let job = try await ImportJob.query(on: req.db).filter(\.$id == id)
            .filter(\.$user.$id == (try req.currentUser().requireID())).first() else {
            throw APIError.notFound("importNotFound", "no such import")
        }
        // The first thousand problems; `failed` counts them all.
        let rows = try await ImportRowRecord.query(on: req.db).filter(\.$job.$id == id).sort(\.$line).limit(1000).all()
        return try ImportJobDTO(job, rows: rows)
    }
}
