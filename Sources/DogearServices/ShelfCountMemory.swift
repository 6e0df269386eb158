import DogearStore
import Foundation
import NIOConcurrencyHelpers
import SQLKit

/// A reader's shelf counts as last counted, by the version of their sync log they were counted at
/// (and the log's epoch: a restore numbers versions again from the backup's).
/// Counting is a scan of every entry of theirs (a fifth of a millisecond at 1,000 books, the dearest
/// read of the library page) and the counts change only when an entry does, which always numbers a
/// new version in the reader's log (`SyncLog`): the apps' sync rests on that too. So a page reads
/// the version (one row by key) and counts again only when it moved.
///
/// The version is read before the counting: a write committed between the two makes the counts
/// newer than the version they are kept under, and the next read sees the version moved and counts
/// again. Read after, the counts could be older than their version and stay so until the next
/// write. SQLite only, by database file, as `ReadingDays` remembers days: PostgreSQL's counts are
/// read each time (one process may serve several of its databases, which this key cannot tell
/// apart).
package enum ShelfCountMemory {
    struct Key: Hashable {
        let database: String
        let userID: UUID
    }

    struct Counted {
        let version: Int64?
        /// The log's epoch: a restore starts a new one and numbers versions again from the backup's.
        let epoch: String?
        let counts: ShelfCounts
    }

    /// At most this many readers' counts are kept; past it the memory starts over.
    static let readersKept = 10_000
    private static let memory = NIOLockedValueBox<[Key: Counted]>([:])

    /// The reader's counts: remembered ones while their log has not moved, or `count()`'s.
    /// `databaseKey` nil: counted, not remembered (PostgreSQL; inside a transaction, whose version
    /// may be rolled back and numbered again for other changes).
    package static func counts(
        of userID: UUID, on db: any SQLDatabase, databaseKey: String?, count: () async throws -> ShelfCounts
    ) async throws -> ShelfCounts {
        guard let databaseKey else { return try await count() }
        let key = Key(database: databaseKey, userID: userID)
        let row = try await db.raw(
            """
            SELECT (SELECT version FROM sync_clocks WHERE user_id = \(bind: userID)) AS version,
              (SELECT epoch FROM sync_epoch WHERE id = 1) AS epoch
            """
        ).first()
        let version = try row?.decode(column: "version", as: Int64?.self)
        let epoch = try row?.decode(column: "epoch", as: String?.self)
        if let known = memory.withLockedValue({ $0[key] }), known.version == version, known.epoch == epoch {
            return known.counts
        }
        let counts = try await count()
        memory.withLockedValue { memory in
            if memory.count >= readersKept, memory[key] == nil { memory.removeAll(keepingCapacity: true) }
            memory[key] = Counted(version: version, epoch: epoch, counts: counts)
        }
        return counts
    }

    /// Whether a reader's counts are remembered (for tests).
    package static func remembers(_ userID: UUID) -> Bool {
        memory.withLockedValue { $0.keys.contains { $0.userID == userID } }
    }
}
