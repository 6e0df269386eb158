/// Wrong-password guessing, limited: after `maxFailures` failures within `window` seconds, a key (an
/// account's email, a client's address) waits `lockout` seconds before it may try again, and then
/// unlocks by itself. A success clears the key's failures. Times are seconds on any clock.
///
/// The state is bounded: keys whose failures are older than the window are dropped as the limiter
/// is used, so a flood of made-up emails cannot grow it without end past `maxKeys`.
public struct AttemptLimiter: Sendable {
    public struct Policy: Sendable, Equatable {
        public var maxFailures: Int
        public var window: Double
        public var lockout: Double

        public init(maxFailures: Int, window: Double, lockout: Double) {
            self.maxFailures = maxFailures
            self.window = window
            self.lockout = lockout
        }
    }

    public let policy: Policy
    public let maxKeys: Int
    private var failures: [String: [Double]] = [:]
    private var lockedUntil: [String: Double] = [:]

    public init(policy: Policy, maxKeys: Int = 100_000) {
        self.policy = policy
        self.maxKeys = maxKeys
    }

    /// One key's state, as a store keeps it (in memory here; a database row where several processes
    /// share the counts): its recent failures and, when locked, until when.
    public struct Entry: Sendable, Equatable, Codable {
        public var failures: [Double]
        public var lockedUntil: Double?

        public init(failures: [Double] = [], lockedUntil: Double? = nil) {
            self.failures = failures
            self.lockedUntil = lockedUntil
        }

        /// Seconds to wait before the key may try again, or nil when it may try now.
        public func wait(now: Double) -> Double? {
            guard let lockedUntil, lockedUntil > now else { return nil }
            return lockedUntil - now
        }

        /// The entry after a failure at `now`: the failures within the window, or a lockout when
        /// they reach the limit (the failures are then forgotten: a fresh start after it).
        public func failed(at now: Double, policy: Policy) -> Entry {
            if wait(now: now) != nil { return self }
            var recent = failures.filter { now - $0 < policy.window }
            recent.append(now)
            if recent.count >= policy.maxFailures { return Entry(failures: [], lockedUntil: now + policy.lockout) }
            return Entry(failures: recent, lockedUntil: nil)
        }

        /// Whether a store may forget it: no lock in force and no failure within the window.
        public func isSpent(now: Double, policy: Policy) -> Bool {
            wait(now: now) == nil && !failures.contains { now - $0 < policy.window }
        }
    }

    /// Seconds to wait before `key` may try again, or nil when it may try now.
    public mutating func wait(for key: String, now: Double) -> Double? {
        guard let until = lockedUntil[key] else { return nil }
        guard let wait = Entry(lockedUntil: until).wait(now: now) else {
            lockedUntil[key] = nil
            return nil
        }
        return wait
    }

    /// A wrong password for `key`. Returns the wait it now has, if this failure locked it.
    @discardableResult
    public mutating func recordFailure(_ key: String, now: Double) -> Double? {
        let next = Entry(failures: failures[key] ?? [], lockedUntil: nil).failed(at: now, policy: policy)
        if let until = next.lockedUntil {
            failures[key] = nil
            lockedUntil[key] = until
            return until - now
        }
        failures[key] = next.failures
        if failures.count > maxKeys { prune(now: now) }
        return nil
    }

    public mutating func recordSuccess(_ key: String) {
        failures[key] = nil
    }

    private mutating func prune(now: Double) {
        failures = failures.filter { _, times in times.contains { now - $0 < policy.window } }
        lockedUntil = lockedUntil.filter { $0.value > now }
    }

    /// Keys it remembers (for tests of the bound).
    public var rememberedKeys: Int { failures.count + lockedUntil.count }
}
