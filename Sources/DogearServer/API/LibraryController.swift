import Vapor

/// /api/v1/library: the signed-in reader's entries. Each handler decodes, calls one service, and
/// encodes; the web pages call the same services.
struct LibraryController {
    func create(req: Request) async throws -> Response {
        let body = try req.content.decode(CreateEntryRequest.self)
        let entry = try await req.libraryService().add(body, lookingUpWith: req.bookLookup())
        return try await req.libraryQuery().dto(entry).encodeResponse(status: .created, for: req)
    }

    /// Search, filters and sorts, keyset-paginated (`LibraryQueryService.page`).
    func list(req: Request) async throws -> Page<EntryDTO> {
        try await req.libraryQuery().page(try LibraryFilter(query: req.url.query))
    }

    func show(req: Request) async throws -> EntryDTO {
        try await req.libraryQuery().entry(try req.uuidParameter("id"))
    }

    func update(req: Request) async throws -> EntryDTO {
        let patch = try req.content.decode(UpdateEntryRequest.self)
        let entry = try await req.libraryService().update(try req.uuidParameter("id"), with: patch)
        return try await req.libraryQuery().dto(entry)
    }

    func delete(req: Request) async throws -> HTTPStatus {
        try await req.libraryService().delete(try req.uuidParameter("id"))
        return .noContent
    }

    func changeStatus(req: Request) async throws -> EntryDTO {
        let body = try req.content.decode(StatusChangeRequest.self)
        let entry = try await req.libraryService().changeStatus(try req.uuidParameter("id"), to: body)
        return try await req.libraryQuery().dto(entry)
    }

    func progress(req: Request) async throws -> EntryDTO {
        let body = try req.content.decode(ProgressRequest.self)
        let entry = try await req.libraryService().logProgress(try req.uuidParameter("id"), try body.input())
        return try await req.libraryQuery().dto(entry)
    }
}
