import DogearCore
import Foundation

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

    /// Lets callers through at least `interval` apart, measured from when each actually went
    /// through (a late wake-up never lets the next one in early).
    actor Gate {
        let interval: Duration
        private var next: ContinuousClock.Instant?

        init(interval: Duration) {
            self.interval = interval
        }

        func wait() async {
            let clock = ContinuousClock()
            // Checking and claiming happen without a suspension in between, so two waiters that
            // wake together cannot both go: the second sees the new claim and sleeps again.
            while let next, clock.now < next {
                try? await Task.sleep(until: next, clock: clock)
                if Task.isCancelled { break }
            }
            next = clock.now + interval
        }
    }
}
