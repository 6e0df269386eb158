import Foundation
import DogearCore

/// Spaces the calls made to one source, so background work (enrichment, imports) stays within what
/// Open Library and Google Books ask of clients. Interactive lookups use the plain source.
public struct RateLimitedSource: BookSource {
    public let base: any BookSource
    private let gate: Gate

    public init(_ base: any BookSource, minimumInterval: Duration) {
        self.base = base
        self.gate = Gate(interval: minimumInterval)
    }

    public var name: String { base.name }

    public func lookup(isbn: ISBN) async throws(SourceError) -> FoundBook? {
        await gate.wait()
        return try await base.lookup(isbn: isbn)
    }

    public func search(_ query: String, limit: Int) async throws(SourceError) -> [FoundBook] {
        await gate.wait()
        return try await base.search(query, limit: limit)
    }

    /// Hands out start times at least `interval` apart, in the order callers arrive.
    actor Gate {
        let interval: Duration
        private var next: ContinuousClock.Instant?

        init(interval: Duration) {
            self.interval = interval
        }

        func wait() async {
            let clock = ContinuousClock()
            let now = clock.now
            let start = max(now, next ?? now)
            next = start + interval
            if start > now { try? await Task.sleep(until: start, clock: clock) }
        }
    }
}
