import DogearServices
import DogearStore
import Vapor

/// `dogear enrich [--limit N]`: fill missing covers, pages and descriptions now, in the foreground.
package struct EnrichCommand: AsyncCommand {
    package struct Signature: CommandSignature {
        package init() {}

        @Option(name: "limit", help: "How many works to try (default 100)")
        package var limit: Int?
    }

    package var help: String { "Fill missing covers, pages and descriptions of catalog works from Open Library and Google Books" }

    package func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        let limit = max(1, signature.limit ?? 100)
        var total = EnrichmentJob.Report()
        while total.tried < limit {
            let report = try await EnrichmentJob(
                db: app.db, chain: app.backgroundLookupChain, logger: app.logger, now: app.clock.now
            )
            .runOnce(limit: min(20, limit - total.tried))
            if report.tried == 0 { break }
            total.tried += report.tried
            total.enriched += report.enriched
            total.notFound += report.notFound
        }
        context.console.print("enrich: tried \(total.tried), enriched \(total.enriched), not found \(total.notFound)")
    }
}
