import Vapor

extension Application {
    private struct TiersKey: StorageKey { typealias Value = Bool }

    /// Whether free/premium tiers are on (`DOGEAR_TIERS`); off means everyone has everything.
    var tiersEnabled: Bool {
        get { storage[TiersKey.self] ?? false }
        set { storage[TiersKey.self] = newValue }
    }
}
