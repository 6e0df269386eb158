import DogearCore
import DogearServices
import DogearStore
import Vapor

/// `GET /api/v1/export?format=goodreads|storygraph|json`: the whole library as a download.
package struct ExportController {
    package func export(req: Request) async throws -> Response {
        let user = try req.currentUser()
        let raw = (try? req.query.get(String.self, at: "format")) ?? "json"
        guard let format = ExportService.Format(rawValue: raw.lowercased()) else {
            let allowed = ExportService.Format.allCases.map(\.rawValue).joined(separator: ", ")
            throw DomainError(
                .unprocessable, code: .invalidData, "'\(raw)' is not an export format; use one of \(allowed)",
                field: "format")
        }
        return try await ExportService.download(format, for: user, on: req)
    }
}
