import Dispatch
import DogearServices
import DogearStore
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// What `dogear serve` does on SIGTERM (or Ctrl-C), beside Vapor's own handling of the signal,
/// which stops accepting connections and waits for the requests in flight for up to
/// `HTTPServer.Configuration.shutdownTimeout` (ten seconds):
///
/// - `/ready` answers 503 "stopping", so a load balancer sends no new reader here;
/// - club event streams end with `retry: 3000`, so browsers come back in three seconds (to another
///   process, or to this one started again) from their last event, instead of holding the
///   shutdown for its whole bound;
/// - requests that arrive after the signal are answered 503 (`StoppingMiddleware`), and those in
///   flight finish before the databases close;
/// - then, when the server has stopped, `ImportJobs` stops each running import after its current
///   batch (every batch is committed with the line it reached) and gives its lease back.
package final class GracefulShutdown: LifecycleHandler, @unchecked Sendable {
    // Dispatch sources are not Sendable; these are only touched under the lock.
    private let sources = NIOLockedValueBox<[any DispatchSourceSignal]>([])

    package func didBoot(_ application: Application) throws {
        let queue = DispatchQueue(label: "dogear.shutdown")
        let made = [SIGTERM, SIGINT].map { signal in
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler { [weak application] in
                guard let application else { return }
                Self.beginStopping(application)
            }
            source.resume()
            return source
        }
        sources.withLockedValue { $0 = made }
    }

    /// Before the databases close (they are closed after every lifecycle handler): the requests
    /// still in flight finish first, for as long as a write may wait for its turn and a little more.
    package func shutdownAsync(_ application: Application) async {
        // Vapor's own handler of the signal may have run first and started the shutdown before
        // ours saw the signal (they are two queues), or the stop came another way: the streams
        // are told to come back and new requests refused whichever it was.
        Self.beginStopping(application)
        sources.withLockedValue { sources in
            for source in sources { source.cancel() }
            sources = []
        }
        let left = await application.inFlightRequests.waitUntilIdle(limit: SQLiteWriters.maximumWait + .seconds(5))
        if left > 0 { application.logger.warning("stopping with \(left) requests still in flight") }
    }

    /// Once, from whichever comes first (the signal or the shutdown): `/ready` and new requests
    /// answer 503 from now on, and every club event stream ends with its retry hint.
    private static func beginStopping(_ application: Application) {
        guard application.markStopping() else { return }
        application.logger.notice("stopping: finishing the requests in flight, closing event streams")
        application.clubEvents.closeAll()
    }
}

extension Application {
    private struct StoppingKey: StorageKey { typealias Value = NIOLockedValueBox<Bool> }

    /// Sets `isStopping`; true only for the first caller.
    fileprivate func markStopping() -> Bool {
        if let box = storage[StoppingKey.self] {
            return box.withLockedValue { stopping in
                defer { stopping = true }
                return !stopping
            }
        }
        storage[StoppingKey.self] = NIOLockedValueBox(true)
        return true
    }

    /// A signal to stop arrived: `/ready` answers 503 from now on.
    package var isStopping: Bool {
        get { (storage[StoppingKey.self]?.withLockedValue { $0 }) ?? false }
        set {
            if let box = storage[StoppingKey.self] {
                box.withLockedValue { $0 = newValue }
            } else {
                storage[StoppingKey.self] = NIOLockedValueBox(newValue)
            }
        }
    }
}
