import DogearServices
import DogearStore
import Vapor

/// /api/v1/library: the signed-in reader's entries. Each handler decodes, calls one service, and
/// encodes; the web pages call the same services.
package struct LibraryController {
    package func create(req: Request) async throws -> Response {
        let body = try req.content.decode(CreateEntryRequest.self)
        let entry = try await req.libraryService().add(body.input, lookingUpWith: req.bookLookup())
        try await req.tagVersion(.entry, try entry.requireID())
        return try await EntryDTO(try await req.libraryQuery().dto(entry)).encodeResponse(status: .created, for: req)
    }

    /// Search, filters and sorts, keyset-paginated (`LibraryQueryService.page`).
    /// Written by `JSONBytes` (the same bytes as the encoder): the route read most.
    package func list(req: Request) async throws -> Response {
        try await Page(try await req.libraryQuery().page(try LibraryFilter(query: req.url.query)), EntryDTO.init).jsonResponse()
    }

    package func shelves(req: Request) async throws -> ShelvesDTO {
        ShelvesDTO(try await req.libraryQuery().shelves())
    }

    /// One entry, and the answer to each write of one: written by `JSONBytes` too (a progress
    /// change is the write sent most).
    package func show(req: Request) async throws -> Response {
        let id = try req.uuidParameter("id")
        let entry = try await req.libraryQuery().entry(id)
        try await req.tagVersion(.entry, id)
        return EntryDTO(entry).jsonResponse()
    }

    package func update(req: Request) async throws -> Response {
        let patch = try req.content.decode(UpdateEntryRequest.self)
        let id = try req.uuidParameter("id")
        let library = try req.libraryService()
        let entry = try await req.conditionalWrite(.entry, id) {
            try await library.update(id, with: patch.input, correcting: patch.copy?.input)
        }
        return EntryDTO(try await req.libraryQuery().dto(entry)).jsonResponse()
    }

    package func delete(req: Request) async throws -> HTTPStatus {
        let id = try req.uuidParameter("id")
        let library = try req.libraryService()
        try await req.conditionalWrite(.entry, id) { try await library.delete(id) }
        return .noContent
    }

    package func changeStatus(req: Request) async throws -> Response {
        let body = try req.content.decode(StatusChangeRequest.self)
        let id = try req.uuidParameter("id")
        let library = try req.libraryService()
        let entry = try await req.conditionalWrite(.entry, id) { try await library.changeStatus(id, to: body.input) }
        return EntryDTO(try await req.libraryQuery().dto(entry)).jsonResponse()
    }

    package func progress(req: Request) async throws -> Response {
        let input = try req.content.decode(ProgressRequest.self).input()
        let id = try req.uuidParameter("id")
        let library = try req.libraryService()
        try await req.conditionalWrite(.entry, id) { try await library.logProgress(id, input) }
        return EntryDTO(try await req.libraryQuery().entry(id)).jsonResponse()
    }
}
