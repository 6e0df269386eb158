import DogearServices
import DogearStore
import Vapor

/// /api/v1/discover: the swipe deck, swipes and undo, and what discovery has learned.
package struct DiscoverController {
    package func deck(req: Request) async throws -> DeckDTO {
        DeckDTO(try await req.discover().deck(count: try Self.count(req.query[String.self, at: "count"])))
    }

    /// `count`, 20 when not given; a value that is not a number (an empty one too) is refused by name.
    package static func count(_ raw: String?) throws -> Int {
        guard let raw else { return 20 }
        guard let count = Int(raw) else { throw DomainError.badRequest("count must be a number; got '\(raw)'", field: "count") }
        return count
    }

    package func swipe(req: Request) async throws -> Response {
        let swipe = try await req.discover().swipe(try req.content.decode(SwipeRequest.self).input)
        return try await SwipeDTO(swipe).encodeResponse(status: .created, for: req)
    }

    package func undo(req: Request) async throws -> UndoDTO {
        UndoDTO(try await req.discover().undo())
    }

    package func preferences(req: Request) async throws -> DiscoverPreferencesDTO {
        DiscoverPreferencesDTO(try await req.discover().preferencesDTO())
    }

    package func startOver(req: Request) async throws -> HTTPStatus {
        try await req.discover().startOver()
        return .noContent
    }

    package func learnLibrary(req: Request) async throws -> LearnedDTO {
        LearnedDTO(try await req.discover().learnFromLibrary())
    }
}
