import DogearSources
import Vapor

/// Runs the enrichment job in the background while the server runs: a batch, then the next, and a
/// pause when there is nothing left. Stops with the server.
final class EnrichmentLifecycle: LifecycleHandler, @unchecked Sendable {
    private var task: Task<Void, Never>?
    let idlePause: Duration

    init(idlePause: Duration = .seconds(300)) {
        self.idlePause = idlePause
    }

    func didBootAsync(_ application: Application) async throws {
        let chain = application.backgroundLookupChain
        let logger = application.logger
        let pause = idlePause
        let db = application.db
        let now = application.clock.now
        let metrics = application.metrics
        task = Task {
            while !Task.isCancelled {
                do {
                    let report = try await EnrichmentJob(db: db, chain: chain, logger: logger, now: now).runOnce()
                    metrics.enrichmentTried(enriched: report.enriched, notFound: report.notFound)
                    if report.tried > 0 {
                        logger.info("enrichment: \(report.enriched) enriched, \(report.notFound) not found")
                    } else {
                        try await Task.sleep(for: pause)
                    }
                } catch is CancellationError {
                    return
                } catch {
                    logger.report(error: error)
                    try? await Task.sleep(for: pause)
                }
            }
        }
    }

    func shutdownAsync(_ application: Application) async {
        task?.cancel()
        await task?.value
    }
}
