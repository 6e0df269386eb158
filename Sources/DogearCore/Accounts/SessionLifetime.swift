/// How long a session lasts: it ends after `idle` seconds without use, and in any case `absolute`
/// seconds after sign-in. While in use, it is marked used at most once per `touchEvery` seconds
/// (a write per request would be a write per page view). Times are seconds on any clock.
public struct SessionLifetime: Sendable, Equatable {
    public var idle: Double
    public var absolute: Double
    public var touchEvery: Double
    /// Record the very first use at once (an app's token, whose page shows when it was last used:
    /// used in its first minute, it must not read "never used"). A browser's session is left to the
    /// minute's rhythm: a burst of first page views would otherwise each write it.
    public var recordsFirstUse: Bool

    public init(idle: Double, absolute: Double, touchEvery: Double = 60, recordsFirstUse: Bool = false) {
        self.idle = idle
        self.absolute = absolute
        self.touchEvery = touchEvery
        self.recordsFirstUse = recordsFirstUse
    }

    public enum Verdict: Equatable, Sendable {
        case ended
        /// Still good; `touch` says to record this use (and slide a cookie).
        case alive(touch: Bool)
    }

    public func verdict(createdAt: Double, lastUsedAt: Double?, now: Double) -> Verdict {
        let lastUse = lastUsedAt ?? createdAt
        if now - createdAt >= absolute || now - lastUse >= idle { return .ended }
        if recordsFirstUse, lastUsedAt == nil { return .alive(touch: true) }
        return .alive(touch: now - lastUse >= touchEvery)
    }
}
