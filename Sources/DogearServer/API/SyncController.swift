import DogearServices
import DogearStore
import Vapor

/// /api/v1/sync: the reader's changes feed for apps that keep a copy.
package struct SyncController {
    package func changes(req: Request) async throws -> SyncPageDTO {
        try await req.syncFeed().page(since: req.query[String.self, at: "since"], limit: req.query[String.self, at: "limit"])
    }
}
