import DogearSources
import Vapor

/// Discover's background work while the server runs: the catalog's changed works read into the
/// deck's index (`DiscoverCatalog.refresh`; a deck reads in a bounded batch itself, this does the
/// rest), then, online, books fetched for the genres readers like (`DiscoverFetch`). A pause when
/// there is nothing to do. Stops with the server.
final class DiscoverLifecycle: LifecycleHandler, @unchecked Sendable {
    private var task: Task<Void, Never>?
    let pause: Duration
    let fetching: Bool

    init(fetching: Bool, pause: Duration = .seconds(60)) {
        self.fetching = fetching
        self.pause = pause
    }

    func didBootAsync(_ application: Application) async throws {
        let db = application.db
        let logger = application.logger
        let fetch = DiscoverFetch(db: db, chain: application.backgroundLookupChain, logger: logger, now: application.clock.now)
        let (pause, fetching) = (self.pause, self.fetching)
        task = Task {
            while !Task.isCancelled {
                do {
                    while try await DiscoverCatalog(db: db).refresh(limit: 2_000) > 0 { try Task.checkCancellation() }
                    if fetching { _ = try await fetch.runOnce() }
                    try await Task.sleep(for: pause)
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
