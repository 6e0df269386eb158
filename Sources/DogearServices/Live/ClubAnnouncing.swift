import Foundation
import NIOConcurrencyHelpers

/// Wakes clubs' live feeds once the write that told them has committed: the hub itself, or, for a
/// write that joins a transaction committing later (an atomic batch's), a collector that wakes them
/// when that one commits. Woken before the commit, a stream would read nothing new and sleep until
/// the next wake-up.
package protocol ClubAnnouncing: Sendable {
    func announceCommitted(_ clubIDs: Set<UUID>)
}

extension ClubEventHub: ClubAnnouncing {
    package func announceCommitted(_ clubIDs: Set<UUID>) {
        announce(clubIDs)
    }
}

/// The clubs told inside an atomic batch, woken together once the batch has committed, and never
/// when it rolls back (nothing it told of happened).
package final class DeferredClubAnnouncements: ClubAnnouncing {
    private let clubs = NIOLockedValueBox<Set<UUID>>([])

    package init() {}

    package func announceCommitted(_ clubIDs: Set<UUID>) {
        clubs.withLockedValue { $0.formUnion(clubIDs) }
    }

    /// Hands what was gathered to `announcer`, now that the batch has committed.
    package func flush(to announcer: any ClubAnnouncing) {
        let gathered = clubs.withLockedValue { clubs in
            defer { clubs = [] }
            return clubs
        }
        if !gathered.isEmpty { announcer.announceCommitted(gathered) }
    }
}
