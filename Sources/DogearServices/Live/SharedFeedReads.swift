import DogearStore
import Foundation

/// Lets the open event streams of one club share one read of its feed. A change wakes every stream
/// of the club at once; without sharing, 200 streams would each read the same new lines.
///
/// A stream joins a read already under way only if that read began after the wake-up the stream is
/// answering (the hub's generation for the club), so a read that started before a change committed
/// is never taken for one that includes it. Finished reads are not kept: a late stream reads anew.
package actor SharedFeedReads {
    package init() {}

    private struct Key: Hashable {
        package let club: UUID
        package let after: Int
    }

    private struct Read {
        package let id: UUID
        package let generation: Int
        package let task: Task<ClubFeedBatch, any Error>
    }

    private var reads: [Key: Read] = [:]

    package func batch(
        club: UUID, after: Int, generation: Int, load: @escaping @Sendable () async throws -> ClubFeedBatch
    ) async throws -> ClubFeedBatch {
        let key = Key(club: club, after: after)
        if let read = reads[key], read.generation >= generation { return try await read.task.value }
        let read = Read(id: UUID.timeOrdered(), generation: generation, task: Task { try await load() })
        reads[key] = read
        defer { if reads[key]?.id == read.id { reads[key] = nil } }
        return try await read.task.value
    }
}
