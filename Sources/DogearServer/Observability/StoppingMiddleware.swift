import DogearStore
import NIOConcurrencyHelpers
import Vapor

/// Once `dogear serve` has been told to stop (`GracefulShutdown`), a request that arrives on a
/// connection still open is answered 503 with `Retry-After` before it touches the database, and
/// the requests already in flight are counted, so the stop waits for them (`InFlightRequests`)
/// before the databases close. Without both, SIGTERM under load ended in a crash, not a stop: the
/// databases closed while requests were still running (a write waiting for its turn, say), and a
/// request that reached Fluent after that found no database (`Request.db` traps). The fault
/// script's `stop` phase replays it. `/ready` says "stopping" by itself.
struct StoppingMiddleware: AsyncMiddleware {
    static let error: DomainError = {
        var error = DomainError(.unavailable, code: .busy, "the server is stopping; try again in a moment")
        error.retryAfterSeconds = 3
        return error
    }()

    let inFlight: InFlightRequests

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        // Counted first, then checked: a request that passed the check is always counted, so the
        // stop, which sets the flag and then waits for none in flight, cannot miss it.
        inFlight.enter()
        if request.application.isStopping, request.url.path != "/ready" {
            inFlight.leave()
            throw Self.error
        }
        do {
            let response = try await next.respond(to: request)
            inFlight.leave()
            return response
        } catch {
            inFlight.leave()
            throw error
        }
    }
}

/// How many requests are being answered; the stop waits for none (bounded).
final class InFlightRequests: Sendable {
    private let count = NIOLockedValueBox(0)

    func enter() { count.withLockedValue { $0 += 1 } }
    func leave() { count.withLockedValue { $0 -= 1 } }
    var current: Int { count.withLockedValue { $0 } }

    /// Returns once no request is in flight, or after `limit`; says how many were left.
    func waitUntilIdle(limit: Duration) async -> Int {
        let deadline = ContinuousClock.now + limit
        while current > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return current
    }
}

extension Application {
    private struct InFlightKey: StorageKey { typealias Value = InFlightRequests }

    /// The requests being answered now (`StoppingMiddleware` counts them); made in `configure`.
    var inFlightRequests: InFlightRequests {
        if let counter = storage[InFlightKey.self] { return counter }
        let counter = InFlightRequests()
        storage[InFlightKey.self] = counter
        return counter
    }
}
