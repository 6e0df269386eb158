import DogearServices
import DogearStore
import Vapor

/// GET /api/v1/tags, /api/v1/authors (autocomplete) and /api/v1/home.
package struct ReaderController {
    package func tags(req: Request) async throws -> [AutocompleteQuery.TagSuggestion] {
        try await AutocompleteQuery(db: req.db, userID: try req.currentUserID())
            .tags(prefix: req.query[String.self, at: "prefix"] ?? "")
    }

    package func authors(req: Request) async throws -> [AutocompleteQuery.AuthorSuggestion] {
        try await AutocompleteQuery(db: req.db, userID: try req.currentUserID())
            .authors(prefix: req.query[String.self, at: "prefix"] ?? "")
    }

    package func home(req: Request) async throws -> Response {
        try await HomeDTO(try await req.homeService().home()).jsonResponse()
    }
}

extension AutocompleteQuery.TagSuggestion: Content {}
extension AutocompleteQuery.AuthorSuggestion: Content {}
