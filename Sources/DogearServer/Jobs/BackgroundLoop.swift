import DogearServices
import DogearSources
import DogearStore
import Vapor

/// Background work while the server runs: a round, then the next at once while there was work,
/// else a pause; an error is logged and followed by the pause. Stops with the server.
package final class BackgroundLoop: LifecycleHandler, @unchecked Sendable {
    /// One round of work, made when the server has booted; true when it did something.
    package typealias Round = @Sendable () async throws -> Bool

    private var task: Task<Void, Never>?
    package let pause: Duration
    package let makeRound: (Application) -> Round

    package init(pause: Duration, makeRound: @escaping (Application) -> Round) {
        self.pause = pause
        self.makeRound = makeRound
    }

    package func didBootAsync(_ application: Application) async throws {
        let round = makeRound(application)
        let (pause, logger) = (self.pause, application.logger)
        task = Task {
            while !Task.isCancelled {
                do {
                    if try await !round() { try await Task.sleep(for: pause) }
                } catch is CancellationError {
                    return
                } catch {
                    logger.report(error: error)
                    try? await Task.sleep(for: pause)
                }
            }
        }
    }

    package func shutdownAsync(_ application: Application) async {
        task?.cancel()
        await task?.value
    }

    /// Enrichment: a batch of catalog books with something missing, looked up and filled in.
    package static func enrichment(pause: Duration = .seconds(300)) -> BackgroundLoop {
        BackgroundLoop(pause: pause) { application in
            let (chain, logger, db, now, metrics) = (
                application.backgroundLookupChain, application.logger, application.db, application.clock.now,
                application.metrics
            )
            return {
                let report = try await EnrichmentJob(db: db, chain: chain, logger: logger, now: now).runOnce()
                metrics.enrichmentTried(enriched: report.enriched, notFound: report.notFound)
                if report.tried > 0 { logger.info("enrichment: \(report.enriched) enriched, \(report.notFound) not found") }
                return report.tried > 0
            }
        }
    }

    /// Notifications the clock tells: meeting reminders and schedule warnings (`NotificationSweep`),
    /// every few minutes; each is written once however many processes run it.
    package static func notifications(pause: Duration = .seconds(300)) -> BackgroundLoop {
        BackgroundLoop(pause: pause) { application in
            let (db, now, logger) = (application.db, application.clock.now, application.logger)
            return { [weak application] in
                let written = try await NotificationSweep(db: db, now: now()).run()
                if written > 0 {
                    logger.info("notifications: \(written) reminders and warnings")
                    application?.webPush?.wake()
                }
                if let application {
                    let digests = try await DigestJob.run(application, at: now())
                    if digests.sent > 0 { logger.info("digests: \(digests.sent) sent") }
                }
                return false
            }
        }
    }

    /// Discover: the catalog's changed works read into the deck's index (a deck reads a bounded
    /// batch itself; this does the rest), then, when `fetching`, books fetched for the genres
    /// readers like.
    package static func discover(fetching: Bool, pause: Duration = .seconds(60)) -> BackgroundLoop {
        BackgroundLoop(pause: pause) { application in
            let db = application.db
            let fetch = DiscoverFetch(
                db: db, chain: application.backgroundLookupChain, logger: application.logger, now: application.clock.now)
            return {
                while try await DiscoverCatalog(db: db).refresh(limit: 2_000) > 0 { try Task.checkCancellation() }
                if fetching { _ = try await fetch.runOnce() }
                return false
            }
        }
    }
}
