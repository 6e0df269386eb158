import DogearServices
import DogearStore
import DogearTransfer
import Vapor

/// Streams an uploaded export to a file under the imports directory, never holding it in memory:
/// either the raw body, or the part named `file` of a multipart/form-data body. Bounded every way a
/// body can be large: the whole body (counted as it streams, so a chunked body with no length is
/// held to it too) may be the file's limit and a little for the form's other parts; a part's headers
/// 8 KB; a form 8 parts. A refusal leaves no file behind, and a full disk is said (507), never a crash.
package struct UploadReceiver {
    package static let defaultLimit = 50 * 1024 * 1024
    /// The form's other parts (the CSRF token, a choice or two) and its boundaries.
    package static let formSlack = 64 * 1024
    package static let partHeaderLimit = 8 * 1024
    package static let partLimit = 8
    /// Imports a reader may have queued or running, and previews waiting to be confirmed.
    package static let jobsPerReader = 2
    package static let previewsPerReader = 5

    package struct Received {
        package let path: String
        package let fileName: String?
    }

    package let directory: String
    package var limit = Self.defaultLimit
    /// The form's part that holds the file (a shelf photo's is `photo`).
    package var field = "file"

    /// `expectingCSRF`: a page's streamed form must carry this token in a `_csrf` part before its
    /// file part; the upload is refused (403) before any of the file is taken otherwise.
    package func receive(_ req: Request, expectingCSRF: String? = nil) async throws -> Received {
        if let length = req.headers.first(name: .contentLength).flatMap(Int.init), length > limit + Self.formSlack {
            throw tooLarge
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent("\(UUID.timeOrdered().uuidString).upload")
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw DomainError.storageFailed("the upload")
        }
        var fileName: String?
        let (limit, tooLarge, field) = (self.limit, self.tooLarge, self.field)
        do {
            defer { try? handle.close() }
            var written = 0
            var received = 0
            func write(_ buffer: ByteBuffer) throws {
                written += buffer.readableBytes
                if written > limit { throw tooLarge }
                try FileSink.write(Data(buffer.readableBytesView), to: handle)
            }
            /// Every byte of the body counts, whatever part it belongs to.
            func count(_ chunk: ByteBuffer) throws {
                received += chunk.readableBytes
                if received > limit + Self.formSlack { throw tooLarge }
            }
            if let type = req.headers.contentType, type.type == "multipart", type.subType == "form-data" {
                guard let boundary = type.parameters["boundary"] else {
                    throw DomainError.badRequest("multipart/form-data without a boundary", field: field)
                }
                let parser = MultipartParser(boundary: boundary)
                var partName: String?
                var partFile: String?
                var sawFile = false
                var failure: (any Error)?
                var sentCSRF = ""
                var headerBytes = 0
                var parts = 0
                parser.onHeader = { name, value in
                    // Headers of a part arrive before its body.
                    headerBytes += name.utf8.count + value.utf8.count
                    if headerBytes > Self.partHeaderLimit, failure == nil {
                        failure = DomainError.badRequest("a part's headers are over 8 KB", field: field)
                    }
                    guard name.lowercased() == "content-disposition" else { return }
                    parts += 1
                    if parts > Self.partLimit, failure == nil {
                        failure = DomainError.badRequest("the form has more than \(Self.partLimit) parts", field: field)
                    }
                    partName = Self.parameter("name", in: value)
                    partFile = Self.parameter("filename", in: value)
                    if partName == field {
                        sawFile = true
                        if let expectingCSRF, sentCSRF != expectingCSRF, failure == nil {
                            failure = PageError(
                                status: .forbidden, message: "This form has expired. Go back, reload the page and try again.")
                        }
                    }
                }
                parser.onBody = { buffer in
                    if partName == "_csrf", sentCSRF.count < 256 { sentCSRF += String(buffer: buffer) }
                    guard partName == field, failure == nil else { return }
                    if fileName == nil { fileName = partFile }
                    do { try write(buffer) } catch { failure = error }
                }
                parser.onPartComplete = {
                    partName = nil
                    headerBytes = 0
                }
                // A refusal (a full disk, a part too big) is answered once the body has been read
                // to its end (at most the limit): a client that sends the whole body before
                // reading, as most do, would otherwise never see the answer. The first failure
                // wins; the rest of the body is read and dropped.
                //
                // `tail` keeps the body's last bytes: a form cut short (no closing boundary) is
                // refused, not read as a whole file.
                let tailLength = boundary.utf8.count + 16
                var tail: [UInt8] = []
                for try await chunk in req.body {
                    try count(chunk)
                    tail = Array((tail + chunk.readableBytesView.suffix(tailLength)).suffix(tailLength))
                    do {
                        try parser.execute(chunk)
                    } catch {
                        // MultipartKit's parser throws a type of its own for a body that is not
                        // multipart at all (found by schemathesis: a body of just the closing boundary).
                        throw DomainError.badRequest("the multipart body is not well-formed", field: field)
                    }
                }
                if let failure { throw failure }
                guard sawFile else { throw DomainError.badRequest("the form has no part named '\(field)'", field: field) }
                let ending = String(decoding: tail, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                guard ending.hasSuffix("--\(boundary)--") else {
                    throw DomainError.badRequest(
                        "the form ends before its closing boundary: the upload was cut short; send it again", field: field)
                }
            } else {
                var failure: (any Error)?
                for try await chunk in req.body {
                    try count(chunk)
                    if failure == nil {
                        do { try write(chunk) } catch { failure = error }
                    }
                }
                if let failure { throw failure }
            }
            guard written > 0 else { throw DomainError(.unprocessable, code: .emptyFile, "the file is empty", field: field) }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            if let error = error as? MultipartError {
                throw DomainError.badRequest("the multipart body could not be read: \(error)", field: field)
            }
            throw error
        }
        return Received(path: path, fileName: fileName)
    }

    /// The upload stored, checked and its job started (the API and the web page share this). A file
    /// that cannot be imported is removed and `unreadableFile` thrown with the reader's reason.
    package static func startImport(_ req: Request, dryRun: Bool, shelvesAsLists: Bool = false) async throws -> ImportJob {
        try await requireRoomForAnotherImport(req, dryRun: dryRun)
        var receiver = UploadReceiver(directory: req.application.importsDirectory)
        receiver.limit = req.application.uploadLimit
        let received = try await receiver.receive(req, expectingCSRF: req.pendingCSRF)
        var runner = ImportRunner(db: req.db, logger: req.logger, now: req.application.clock.now)
        runner.tiersEnabled = req.application.tiersEnabled
        let job: ImportJob
        do {
            job = try await runner.createJob(
                userID: try req.currentUser().requireID(), filePath: received.path,
                fileName: received.fileName, dryRun: dryRun, shelvesAsLists: shelvesAsLists)
        } catch {
            try? FileManager.default.removeItem(atPath: received.path)
            if let error = error as? ImportFileError {
                throw DomainError(.unprocessable, code: .unreadableFile, error.description, field: "file")
            }
            throw error
        }
        req.application.importJobs.start(try job.requireID(), app: req.application)
        return job
    }

    package var tooLarge: DomainError {
        DomainError(
            .tooLarge, code: .fileTooLarge,
            "the file is over \(limit >= 1024 * 1024 ? "\(limit / 1024 / 1024) MB" : "\(limit / 1024) KB")"
                + (field == "file" ? "; split it, or import it with `dogear import`" : ""),
            field: field)
    }

    /// A reader's imports are bounded before any of the file is taken: two queued or running at
    /// once, and five previews from the last day waiting to be confirmed (each holds its file).
    package static func requireRoomForAnotherImport(_ req: Request, dryRun: Bool) async throws {
        let userID = try req.currentUser().requireID()
        let reader = ImportJobReader(db: req.db, userID: userID)
        let (active, previews) = try await reader.pending(since: req.application.clock.now().addingTimeInterval(-86_400))
        if active >= jobsPerReader {
            throw DomainError(
                .tooManyRequests, code: .tooManyImports,
                "\(active) of your imports are still running; wait for them to finish", field: "file")
        }
        if dryRun, previews >= previewsPerReader {
            throw DomainError(
                .tooManyRequests, code: .tooManyImports,
                "\(previews) previews are waiting for you to run or leave them; run one, or try again tomorrow", field: "file")
        }
    }

    /// `name="file"; filename="x.csv"` → the value of one parameter.
    package static func parameter(_ name: String, in header: String) -> String? {
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == name {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}
