import DogearServices
import DogearStore
import Vapor

/// /api/v1/books (lookup, search), /api/v1/works, /editions, /authors: the shared catalog, readable
/// by every signed-in user, whose cultural facts any of them may fill in or correct. Each handler decodes, calls one service and encodes.
package struct CatalogController {
    package func lookup(req: Request) async throws -> LookupDTO {
        LookupDTO(try await req.catalog().lookup(isbn: req.query[String.self, at: "isbn"]))
    }

    package func search(req: Request) async throws -> SearchDTO {
        let limit = try Self.limit(req)
        let service = CatalogSearchService(db: req.db, chain: req.application.lookupChain, userID: try req.currentUserID())
        return SearchDTO(try await service.search(req.query[String.self, at: "q"] ?? "", limit: limit))
    }

    package func work(req: Request) async throws -> WorkPageDTO {
        WorkPageDTO(try await req.catalog().work(try req.uuidParameter("id")))
    }

    package func edition(req: Request) async throws -> EditionPageDTO {
        EditionPageDTO(try await req.catalog().edition(try req.uuidParameter("id")))
    }

    package func author(req: Request) async throws -> AuthorDTO {
        AuthorDTO(try await req.catalog().author(try req.uuidParameter("id")))
    }

    /// Fills in or corrects an author's cultural facts; the answer is the author as `GET` gives it.
    package func editAuthor(req: Request) async throws -> AuthorDTO {
        let id = try req.uuidParameter("id")
        try await req.catalogEdits().editAuthor(id, try req.content.decode(CatalogFactRequest.self).changes)
        return AuthorDTO(try await req.catalog().author(id))
    }

    /// Fills in or corrects a work's cultural facts; the answer is the work as `GET` gives it.
    package func editWork(req: Request) async throws -> WorkPageDTO {
        let id = try req.uuidParameter("id")
        try await req.catalogEdits().editWork(id, try req.content.decode(CatalogFactRequest.self).changes)
        return WorkPageDTO(try await req.catalog().work(id))
    }

    package static func limit(_ req: Request) throws -> Int {
        // Left out, the default; sent empty, refused like any other value that is not a number.
        guard let raw = req.query[String.self, at: "limit"] else { return 20 }
        guard let limit = Int(raw), (1...40).contains(limit) else {
            throw DomainError.badRequest("must be a whole number from 1 to 40", field: "limit")
        }
        return limit
    }
}
