import DogearServices
import DogearStore
import Vapor

/// /api/v1/years/{year}: the reader's year in books, and the link that shares it (`POST` makes or
/// gives back the live one, `DELETE` revokes it).
package struct YearController {
    package func summary(req: Request) async throws -> YearDTO {
        YearDTO(try await req.years().summary(of: try req.currentUser(), year: try Self.year(req)))
    }

    package func share(req: Request) async throws -> Response {
        let (share, created) = try await req.years().share(for: try req.currentUser(), year: try Self.year(req))
        return try await YearShareDTO(try await share).encodeResponse(status: created ? .created : .ok, for: req)
    }

    package func unshare(req: Request) async throws -> HTTPStatus {
        try await req.years().unshare(for: try req.currentUser(), year: try Self.year(req))
        return .noContent
    }

    package static func year(_ req: Request) throws -> Int {
        let text = req.parameters.get("year") ?? ""
        guard let year = Int(text) else {
            throw DomainError.badRequest("year must be a year such as 2026; got '\(text)'", field: "year")
        }
        return year
    }
}
