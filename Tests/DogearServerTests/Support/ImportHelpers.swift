import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

extension Application {
    /// Uploads a file to `POST /api/v1/imports`: as the part `file` of a multipart form, or as the raw body.
    func upload(
        _ token: String, _ data: Data, fileName: String = "export.csv", multipart: Bool = true,
        dryRun: Bool = false, query: String = ""
    ) async throws -> Reply {
        var headers = HTTPHeaders()
        headers.bearerAuthorization = BearerAuthorization(token: token)
        var body = ByteBuffer()
        if multipart {
            let boundary = "dogear-test-\(UUID().uuidString)"
            headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nignored\r\n")
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\n")
            body.writeString("Content-Type: text/csv\r\n\r\n")
            body.writeBytes(data)
            body.writeString("\r\n--\(boundary)--\r\n")
        } else {
            headers.replaceOrAdd(name: .contentType, value: "text/csv")
            body.writeBytes(data)
        }
        let response = try await testing().sendRequest(
            .POST, "/api/v1/imports?" + (dryRun ? "dryRun=true&" : "") + query,
            headers: headers, body: body)
        return Reply(status: response.status, body: response.body.string, headers: response.headers)
    }

    /// Uploads and waits for the job to end; returns the finished job as the API shows it.
    func importFile(
        _ token: String, _ data: Data, fileName: String = "export.csv", dryRun: Bool = false, query: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ImportJobDTO {
        let accepted = try await upload(token, data, fileName: fileName, dryRun: dryRun, query: query)
        guard accepted.status == .accepted, let id = try? accepted.importJob.id else {
            throw TestFailure("upload failed: \(accepted.status) \(accepted.body)")
        }
        await importJobs.wait(for: id)
        return try await send(.GET, "/api/v1/imports/\(id)", token: token).importJob
    }

    /// Counts rows with plain SQL, to check what an import wrote independently of the API.
    func count(_ sqlText: String, _ binds: [any Encodable & Sendable] = []) async throws -> Int {
        var query = SQLQueryString(sqlText)
        _ = binds
        if !binds.isEmpty {
            query = SQLQueryString("")
            var parts = sqlText.components(separatedBy: "?")
            query.appendLiteral(parts.removeFirst())
            for (bind, part) in zip(binds, parts) {
                query.appendInterpolation(bind: bind)
                query.appendLiteral(part)
            }
        }
        let row = try await db.sql.raw(query).first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    func userID(_ token: String) async throws -> UUID {
        try await send(.GET, "/api/v1/me", token: token).decode(UserDTO.self).id
    }
}

extension Reply {
    /// An import job as the API shows it, typed.
    var importJob: ImportJobDTO { get throws { try decode() } }
}
