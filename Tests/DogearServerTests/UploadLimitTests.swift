import Foundation
import Testing
import Vapor
import VaporTesting

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Uploads are bounded every way a body can be large, and a full disk is said, not a crash.
@Suite("Upload limits: the whole body, part headers, parts, a reader's pending imports, a full disk")
struct UploadLimitTests {
    /// A multipart body with the given parts (name, headers beyond Content-Disposition, bytes).
    static func multipart(_ parts: [(name: String, fileName: String?, extraHeaders: String, body: Data)]) -> (String, Data) {
        let boundary = "dogear-limit-\(UUID().uuidString)"
        var body = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let fileName = part.fileName { head += "; filename=\"\(fileName)\"" }
            head += "\r\n" + part.extraHeaders + "\r\n"
            body.append(Data(head.utf8))
            body.append(part.body)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return ("multipart/form-data; boundary=\(boundary)", body)
    }

    static func post(_ app: Application, _ token: String, contentType: String, _ body: Data, query: String = "") async throws
        -> Reply
    {
        var headers = HTTPHeaders()
        headers.bearerAuthorization = BearerAuthorization(token: token)
        headers.replaceOrAdd(name: .contentType, value: contentType)
        let response = try await app.testing().sendRequest(
            .POST, "/api/v1/imports" + query, headers: headers, body: ByteBuffer(data: body))
        return Reply(status: response.status, body: response.body.string, headers: response.headers)
    }

    /// The files left in the uploads' folder; a folder that is not there fails the test (an empty
    /// answer must mean "nothing left", not "looked in the wrong place").
    static func leftovers(_ app: Application) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: app.importsDirectory)
    }

    @Test("every byte of the body counts: a small file with a huge other part is refused, and nothing is left")
    func wholeBody() async throws {
        try await withDogear(
            adjust: { $0.uploadLimitBytes = 64 * 1024 },
            { app in
                let token = try await app.signUp()
                let (type, body) = Self.multipart([
                    ("padding", nil, "", Data(repeating: 0x41, count: 200 * 1024)),
                    ("file", "export.csv", "Content-Type: text/csv\r\n", ImportTests.threeBooks),
                ])
                let reply = try await Self.post(app, token, contentType: type, body)
                #expect(reply.status == .payloadTooLarge && reply.errorCode == "fileTooLarge", "\(reply.body)")
                #expect(reply.errorMessage?.contains("over 0 MB") == false)
                let raw = try await Self.post(app, token, contentType: "text/csv", Data(repeating: 0x41, count: 100 * 1024))
                #expect(raw.status == .payloadTooLarge)
                #expect(try Self.leftovers(app).isEmpty)
                #expect(try await ImportJob.query(on: app.db).count() == 0)
            })
    }

    @Test("a part's headers over 8 KB, and more than 8 parts, are refused with the reason")
    func partsAndHeaders() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let longHeader = "X-Padding: " + String(repeating: "h", count: 9 * 1024) + "\r\n"
            let (type, body) = Self.multipart([("file", "export.csv", longHeader, ImportTests.threeBooks)])
            let headers = try await Self.post(app, token, contentType: type, body)
            #expect(headers.status == .badRequest && headers.errorMessage?.contains("headers are over 8 KB") == true)
            let many =
                (0..<9).map { ("note\($0)", nil as String?, "", Data("x".utf8)) }
                + [("file", "export.csv", "", ImportTests.threeBooks)]
            let (manyType, manyBody) = Self.multipart(many)
            let parts = try await Self.post(app, token, contentType: manyType, manyBody)
            #expect(parts.status == .badRequest && parts.errorMessage?.contains("more than 8 parts") == true, "\(parts.body)")
            #expect(try Self.leftovers(app).isEmpty)
        }
    }

    @Test("five previews waiting are a reader's limit; a sixth is refused until one goes; other readers are not held")
    func pendingPreviews() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            for _ in 0..<5 { _ = try await app.importFile(ann, ImportTests.threeBooks, dryRun: true) }
            let sixth = try await app.upload(ann, ImportTests.threeBooks, dryRun: true)
            #expect(sixth.status == .tooManyRequests && sixth.errorCode == "tooManyImports", "\(sixth.body)")
            #expect(try await ImportJob.query(on: app.db).count() == 5)
            // Accepted ones are waited for (importFile), so no job is still writing when the test ends.
            let bob = try await app.signUp("bob@example.com")
            #expect(try await app.importFile(bob, ImportTests.threeBooks, dryRun: true).status == "done")
            // A day later the old previews no longer count.
            app.clock = .fixed(fixedNow.addingTimeInterval(25 * 3600))
            #expect(try await app.importFile(ann, ImportTests.threeBooks, dryRun: true).status == "done")
        }
    }

    @Test("a write to a full disk is an error (507 diskFull), not a crash: the kernel's own ENOSPC from /dev/full")
    func diskFull() throws {
        let handle = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? handle.close() }
        do {
            try FileSink.write(Data(repeating: 1, count: 64 * 1024), to: handle)
            Issue.record("writing to /dev/full succeeded")
        } catch let error as DomainError {
            #expect(error.kind == .insufficientStorage && error.code == .diskFull)
            #expect(APIErrorMiddleware.status(for: error.kind) == .insufficientStorage)
        }
    }
}

@Suite("Malformed multipart bodies")
struct MalformedMultipartTests {
    @Test("a body of just the closing boundary, or garbage after a boundary, is a 400 naming the file field, not a 500")
    func malformed() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            for body in ["--c637e12e--\r\n", "--c637e12e\r\nthis is not a header block\r\n\r\n--c637", "\u{0}\u{1}\u{2}"] {
                let reply = try await UploadLimitTests.post(
                    app, token, contentType: "multipart/form-data; boundary=c637e12e", Data(body.utf8), query: "?dryRun=true")
                #expect(reply.status == .badRequest, "\(body.debugDescription): \(reply.status) \(reply.body)")
                #expect(reply.errorField == "file")
            }
            #expect(try UploadLimitTests.leftovers(app).isEmpty)
        }
    }

    @Test(
        "a full disk is recognised in the databases' own words as in the kernel's",
        arguments: [
            ("sqlite: full: database or disk is full", true), ("PSQLError: sqlState 53100 disk_full", true),
            ("could not extend file \"base/16384/2619\": No space left on device", true),
            ("UNIQUE constraint failed: works.id", false), ("connection reset by peer", false),
        ])
    func diskFullWords(_ text: String, _ full: Bool) {
        struct Reported: Error, CustomStringConvertible { let description: String }
        #expect(FileSink.isDiskFull(Reported(description: text)) == full)
    }

    @Test("a form cut short (its file part never closed by the final boundary) is refused, not imported as half a file")
    func cutShort() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let (type, whole) = UploadLimitTests.multipart([("file", "export.csv", "", ImportTests.threeBooks)])
            let closing = whole.count - (type.count - "multipart/form-data; boundary=".count + 6)
            for cut in [whole.count / 2, closing, whole.count - 4] {
                let reply = try await UploadLimitTests.post(app, token, contentType: type, whole.prefix(cut))
                #expect(reply.status == .badRequest, "cut at \(cut): \(reply.status) \(reply.body)")
                #expect(reply.errorMessage?.contains("cut short") == true)
            }
            #expect(try UploadLimitTests.leftovers(app).isEmpty)
            #expect(try await ImportJob.query(on: app.db).count() == 0)
            let accepted = try await UploadLimitTests.post(app, token, contentType: type, whole)
            #expect(accepted.status == .accepted)
            // Its import runs in the background: wait for it, so the test's database outlives it.
            await app.importJobs.wait(for: try accepted.importJob.id)
        }
    }
}
