import DogearTransfer
import Fluent
import Vapor

/// `POST /api/v1/imports`, `GET /api/v1/imports/{id}` (SPEC §5).
struct ImportController {
    /// Stores the upload, checks it can be read, and queues the job: 202 with the job.
    func create(req: Request) async throws -> Response {
        let user = try req.currentUser()
        let dryRun = (try? req.query.get(Bool.self, at: "dryRun")) ?? false
        let received = try await UploadReceiver(directory: req.application.importsDirectory).receive(req)
        let runner = ImportRunner(db: req.db, logger: req.logger, now: req.application.clock.now)
        let job: ImportJob
        do {
            job = try await runner.createJob(userID: try user.requireID(), filePath: received.path,
                                             fileName: received.fileName, dryRun: dryRun)
        } catch let error as ImportFileError {
            try? FileManager.default.removeItem(atPath: received.path)
            throw APIError(status: .unprocessableEntity, code: "unreadableFile", message: error.description, field: "file")
        }
        req.application.importJobs.start(try job.requireID(), app: req.application)
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
