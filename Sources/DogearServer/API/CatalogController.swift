import Vapor

/// /api/v1/books (lookup, search), /api/v1/works, /editions, /authors: the shared catalog, readable
/// by every signed-in user. Each handler decodes, calls one service and encodes.
struct CatalogController {
    func lookup(req: Request) async throws -> LookupDTO {
        try await req.catalog().lookup(isbn: req.query[String.self, at: "isbn"])
    }

    func search(req: Request) async throws -> SearchDTO {
        let limit = try Self.limit(req)
        return try await CatalogSearchService(db: req.db, chain: req.application.lookupChain, userID: req.currentUserID())
            .search(req.query[String.self, at: "q"] ?? "", limit: limit)
    }

    func work(req: Request) async throws -> WorkPageDTO {
        try await req.catalog().work(try req.uuidParameter("id"))
    }

    func edition(req: Request) async throws -> EditionPageDTO {
        try await req.catalog().edition(try req.uuidParameter("id"))
    }

    func author(req: Request) async throws -> AuthorDTO {
        try await req.catalog().author(try req.uuidParameter("id"))
    }

    static func limit(_ req: Request) throws -> Int {
        guard let raw = req.query[String.self, at: "limit"], !raw.isEmpty else { return 20 }
        guard let limit = Int(raw), (1...40).contains(limit) else {
            throw DomainError.badRequest("must be a whole number from 1 to 40", field: "limit")
        }
        return limit
    }
}
