import DogearCore
import Vapor

/// `GET /api/v1/export?format=goodreads|storygraph|json` (SPEC §5): the whole library as a download.
struct ExportController {
    func export(req: Request) async throws -> Response {
        let user = try req.currentUser()
        let raw = (try? req.query.get(String.self, at: "format")) ?? "json"
        guard let format = ExportService.Format(rawValue: raw.lowercased()) else {
            let allowed = ExportService.Format.allCases.map(\.rawValue).joined(separator: ", ")
            throw APIError(status: .unprocessableEntity, code: "invalidData",
                           message: "'\(raw)' is not an export format; use one of \(allowed)", field: "format")
        }
        let path = try await ExportService(db: req.db).writeFile(for: user, format: format)
        let response = try await req.fileio.asyncStreamFile(at: path, mediaType: nil) { _ in
            try? FileManager.default.removeItem(atPath: path)
        }
        let day = LocalDate(req.now, in: TimeZone(identifier: user.timeZone) ?? .gmt)
        response.headers.replaceOrAdd(name: .contentType, value: format.contentType + "; charset=utf-8")
        response.headers.replaceOrAdd(name: .contentDisposition,
                                      value: "attachment; filename=\"dogear-\(format.rawValue)-\(day).\(format.fileExtension)\"")
        return response
    }
}
