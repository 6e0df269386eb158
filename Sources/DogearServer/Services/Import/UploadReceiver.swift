import DogearTransfer
import Vapor

/// Streams an uploaded export to a file under the imports directory, never holding it in memory:
/// either the raw body, or the part named `file` of a multipart/form-data body. Refuses more than
/// `limit` bytes with 413 and leaves no file behind.
struct UploadReceiver {
    static let limit = 50 * 1024 * 1024

    struct Received {
        let path: String
        let fileName: String?
    }

    let directory: String

    /// `expectingCSRF`: a page's streamed form must carry this token in a `_csrf` part before its
    /// file part; the upload is refused (403) before any of the file is taken otherwise.
    func receive(_ req: Request, expectingCSRF: String? = nil) async throws -> Received {
        if let length = req.headers.first(name: .contentLength).flatMap(Int.init), length > Self.limit {
            throw Self.tooLarge
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent("\(UUID().uuidString).upload")
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw DomainError.storageFailed("the upload")
        }
        var fileName: String?
        do {
            defer { try? handle.close() }
            var written = 0
            func write(_ buffer: ByteBuffer) throws {
                written += buffer.readableBytes
                if written > Self.limit { throw Self.tooLarge }
                handle.write(Data(buffer.readableBytesView))
            }
            if let type = req.headers.contentType, type.type == "multipart", type.subType == "form-data" {
                guard let boundary = type.parameters["boundary"] else {
                    throw DomainError.badRequest("multipart/form-data without a boundary", field: "file")
                }
                let parser = MultipartParser(boundary: boundary)
                var partName: String?
                var partFile: String?
                var sawFile = false
                var failure: (any Error)?
                var sentCSRF = ""
                parser.onHeader = { name, value in
                    // Headers of a part arrive before its body.
                    guard name.lowercased() == "content-disposition" else { return }
                    partName = Self.parameter("name", in: value)
                    partFile = Self.parameter("filename", in: value)
                    if partName == "file" {
                        sawFile = true
                        if let expectingCSRF, sentCSRF != expectingCSRF, failure == nil {
                            failure = PageError(
                                status: .forbidden, message: "This form has expired. Go back, reload the page and try again.")
                        }
                    }
                }
                parser.onBody = { buffer in
                    if partName == "_csrf", sentCSRF.count < 256 { sentCSRF += String(buffer: buffer) }
                    guard partName == "file", failure == nil else { return }
                    if fileName == nil { fileName = partFile }
                    do { try write(buffer) } catch { failure = error }
                }
                parser.onPartComplete = { partName = nil }
                for try await chunk in req.body {
                    try parser.execute(chunk)
                    if let failure { throw failure }
                }
                guard sawFile else { throw DomainError.badRequest("the form has no part named 'file'", field: "file") }
            } else {
                for try await chunk in req.body { try write(chunk) }
            }
            guard written > 0 else { throw DomainError(.unprocessable, code: "emptyFile", "the file is empty", field: "file") }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            if let error = error as? MultipartError {
                throw DomainError.badRequest("the multipart body could not be read: \(error)", field: "file")
            }
            throw error
        }
        return Received(path: path, fileName: fileName)
    }

    /// The upload stored, checked and its job started (the API and the web page share this). A file
    /// that cannot be imported is removed and `unreadableFile` thrown with the reader's reason.
    static func startImport(_ req: Request, dryRun: Bool, shelvesAsLists: Bool = false) async throws -> ImportJob {
        let received = try await UploadReceiver(directory: req.application.importsDirectory)
            .receive(req, expectingCSRF: req.pendingCSRF)
        let runner = ImportRunner(db: req.db, logger: req.logger, now: req.application.clock.now)
        let job: ImportJob
        do {
            job = try await runner.createJob(
                userID: try req.currentUser().requireID(), filePath: received.path,
                fileName: received.fileName, dryRun: dryRun, shelvesAsLists: shelvesAsLists)
        } catch {
            try? FileManager.default.removeItem(atPath: received.path)
            if let error = error as? ImportFileError {
                throw DomainError(.unprocessable, code: "unreadableFile", error.description, field: "file")
            }
            throw error
        }
        req.application.importJobs.start(try job.requireID(), app: req.application)
        return job
    }

    static let tooLarge = DomainError(
        .tooLarge, code: "fileTooLarge",
        "the file is over \(limit / 1024 / 1024) MB; split it, or import it with `dogear import`",
        field: "file")

    /// `name="file"; filename="x.csv"` → the value of one parameter.
    static func parameter(_ name: String, in header: String) -> String? {
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == name {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}
