import DogearCore
import DogearServices
import DogearStore
import Vapor

extension Application {
    private struct TiersKey: StorageKey { typealias Value = Bool }

    /// Whether free/premium tiers are on (`DOGEAR_TIERS`); off means everyone has everything.
    package var tiersEnabled: Bool {
        get { storage[TiersKey.self] ?? false }
        set { storage[TiersKey.self] = newValue }
    }
}

extension Application {
    private struct SyncRetentionKey: StorageKey { typealias Value = SyncRetention }

    /// How long the changes feed keeps tombstones (`DOGEAR_SYNC_TOMBSTONE_DAYS`).
    package var syncRetention: SyncRetention {
        get { storage[SyncRetentionKey.self] ?? SyncRetention() }
        set { storage[SyncRetentionKey.self] = newValue }
    }
}
