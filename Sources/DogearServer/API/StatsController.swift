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
        try StatsService.Range.parse(
            year: req.query[String.self, at: "year"], from: req.query[String.self, at: "from"],
            to: req.query[String.self, at: "to"])
    }
}
