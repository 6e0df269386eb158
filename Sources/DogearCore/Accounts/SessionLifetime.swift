/// How long a session lasts: it ends after `idle` seconds without use, and in any case `absolute`
/// seconds after sign-in. While in use, it is marked used at most once per `touchEvery` seconds
/// (a write per request would be a write per page view). Times are seconds on any clock.
public struct SessionLifetime: Sendable, Equatable {
    public var idle: Double
    public var absolute: Double
    public var touchEvery: Double

    public init(idle: Double, absolute: Double, touchEvery: Double = 60) {
        self.idle = idle
        self.absolute = absolute
        self.touchEvery = touchEvery
    }

    public enum Verdict: Equatable, Sendable {
        case ended
        /// Still good; `touch` says to record this use (and slide a cookie).
        case alive(touch: Bool)
    }

    public func verdict(createdAt: Double, lastUsedAt: Double?, now: Double) -> Verdict {
        let lastUse = lastUsedAt ?? createdAt
        if now - createdAt >= absolute || now - lastUse >= idle { return .ended }
        // A first use is recorded at once: a token used in its first minute must not read "never used".
        guard lastUsedAt != nil else { return .alive(touch: true) }
        return .alive(touch: now - lastUse >= touchEvery)
    }
}
