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

    /// Seconds to wait before `key` may try again, or nil when it may try now.
    public mutating func wait(for key: String, now: Double) -> Double? {
        guard let until = lockedUntil[key] else { return nil }
        if until <= now {
            lockedUntil[key] = nil
            return nil
        }
        return until - now
    }

    /// A wrong password for `key`. Returns the wait it now has, if this failure locked it.
    @discardableResult
    public mutating func recordFailure(_ key: String, now: Double) -> Double? {
        var recent = (failures[key] ?? []).filter { now - $0 < policy.window }
        recent.append(now)
        if recent.count >= policy.maxFailures {
            failures[key] = nil
            lockedUntil[key] = now + policy.lockout
            return policy.lockout
        }
        failures[key] = recent
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
