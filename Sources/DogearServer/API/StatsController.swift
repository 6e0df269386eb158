import DogearServices
import DogearStore
import Vapor

/// GET /api/v1/stats (everything; premium with tiers on) and /api/v1/stats/basic (books and pages
/// per year, for every account). `?year=2026`, or `?from=&to=` (inclusive days), or nothing for all time.
package struct StatsController {
    package func stats(req: Request) async throws -> StatsDTO {
        StatsDTO(try await req.stats().stats(try range(req)))
    }

    package func basic(req: Request) async throws -> BasicStatsDTO {
        BasicStatsDTO(try await req.stats().basic(try range(req)))
    }

    private func range(_ req: Request) throws -> StatsService.Range {
        // The document's year is an integer: sent empty it is refused (the page's form, which may
        // send it empty for "all time", reads the same rule through its own handler).
        if req.query[String.self, at: "year"] == "" {
            throw DomainError.badRequest("year must be a year such as 2026; got ''", field: "year")
        }
        return try StatsService.Range.parse(
            year: req.query[String.self, at: "year"], from: req.query[String.self, at: "from"],
            to: req.query[String.self, at: "to"])
    }
}
