import DogearCore
import DogearServices
import DogearStore
import Vapor

/// `/api/v1/scans` and `/api/v1/proposals`: shelf photos and their review queue. Thin:
/// every rule is `ScanService`'s, which the `/scan` page calls too.
package struct ScanController {
    /// A photo in the multipart part `photo` (or as the raw body), checked and queued: 202 with the scan.
    package func create(req: Request) async throws -> Response {
        let bytes = try await req.receiveShelfPhoto()
        let scans = try req.scans()
        let scan = try await scans.create(photo: bytes)
        let response = Response(status: .accepted)
        try response.content.encode(try ScanDTO(scan, proposals: []))
        response.headers.replaceOrAdd(name: .location, value: "/api/v1/scans/\(try scan.requireID())")
        return response
    }

    package func index(req: Request) async throws -> [ScanDTO] {
        let scans = try req.scans()
        let list = try await scans.scans()
        let proposals = try await scans.proposals(of: list)
        let held = try await scans.entries(for: proposals.values.flatMap { $0 })
        return try list.map { try ScanDTO($0, proposals: proposals[$0.id!] ?? [], held: held) }
    }

    package func show(req: Request) async throws -> ScanDTO {
        let scans = try req.scans()
        let scan = try await scans.scan(try req.uuidParameter("id"), for: .view)
        let proposals = try await scans.proposals(of: [scan])[scan.id!] ?? []
        return try ScanDTO(scan, proposals: proposals, held: try await scans.entries(for: proposals))
    }

    package func photo(req: Request) async throws -> Response {
        Response.shelfPhoto(try await req.scans().photo(of: try req.uuidParameter("id")))
    }

    /// A scan's photo as an answer (the API's route and the page's alike): never cached, as it is
    /// deleted once its queue is empty.
    package func delete(req: Request) async throws -> HTTPStatus {
        try await req.scans().delete(try req.uuidParameter("id"))
        return .noContent
    }

    package func confirm(req: Request) async throws -> ScanProposalDTO {
        let body = try req.content.decode(ConfirmProposalRequest.self)
        let scans = try req.scans()
        let proposal = try await scans.confirm(try req.uuidParameter("id"), try body.confirmation)
        return try ScanProposalDTO(proposal, held: try await scans.entries(for: [proposal]))
    }

    package func reject(req: Request) async throws -> ScanProposalDTO {
        let scans = try req.scans()
        let proposal = try await scans.reject(try req.uuidParameter("id"))
        return try ScanProposalDTO(proposal, held: try await scans.entries(for: [proposal]))
    }

    package func confirmAll(req: Request) async throws -> [ScanProposalDTO] {
        // The body is optional; one that is sent must be a well-formed ConfirmAllRequest.
        let body =
            (req.body.data?.readableBytes ?? 0) > 0
            ? try req.content.decode(ConfirmAllRequest.self) : ConfirmAllRequest()
        let scans = try req.scans()
        let confirmed = try await scans.confirmAll(try req.uuidParameter("id"), status: body.status)
        let held = try await scans.entries(for: confirmed)
        return try confirmed.map { try ScanProposalDTO($0, held: held) }
    }

    /// The photo's bytes, streamed through the upload receiver's limits (20 MB and the form's
    /// bounds) into a file, then read: a photo is at most 20 MB, and the image work needs it whole.
}
