import Foundation

/// Time spent in each step of the import batches, summed (for `dogear bench import`).
package final class ImportPhases: @unchecked Sendable {
    private let lock = NSLock()
    package private(set) var totals: [String: Duration] = [:]
    private let clock = ContinuousClock()

    package func start() -> ContinuousClock.Instant { clock.now }

    package func record(_ name: String, _ since: inout ContinuousClock.Instant?) {
        guard let started = since else { return }
        let now = clock.now
        lock.lock()
        totals[name, default: .zero] += now - started
        lock.unlock()
        since = now
    }

    package init() {}
}
