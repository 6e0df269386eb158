import DogearStore
import Foundation
import NIOConcurrencyHelpers

/// Wakes the open event streams of a club when something was written to its feed. It carries no
/// data: a woken stream reads what is new from the database (by activity id), so a wake-up that
/// comes twice or late loses nothing and repeats nothing.
///
/// On SQLite (one process) a service announces its clubs after its transaction commits. On
/// PostgreSQL the activity's own transaction sends `NOTIFY` (delivered at commit to every process,
/// this one included) and `PostgresClubListener` delivers it here, so `announce` does nothing.
package final class ClubEventHub: Sendable {
    package static let channel = "dogear_club_events"

    private struct Subscriber {
        package let clubID: UUID
        package let reader: UUID?
        package let continuation: AsyncStream<Void>.Continuation
    }

    private let subscribers = NIOLockedValueBox<[UUID: Subscriber]>([:])
    /// How many wake-ups each club has had: a stream reads it before reading the feed, so it can
    /// tell a read begun after its wake-up from one begun before (`SharedFeedReads`).
    private let generations = NIOLockedValueBox<[UUID: Int]>([:])
    private let deliveredByDatabase = NIOLockedValueBox(false)
    private let closing = NIOLockedValueBox(false)
    private let observers = NIOLockedValueBox<[@Sendable () -> Void]>([])

    /// Called at every delivery, whatever the club (the push sender looks for new notifications).
    package func observeDeliveries(_ observer: @escaping @Sendable () -> Void) {
        observers.withLockedValue { $0.append(observer) }
    }

    /// From now on wake-ups come from the database's notifications, not from `announce`.
    package func useDatabaseNotifications() {
        deliveredByDatabase.withLockedValue { $0 = true }
    }

    /// A stream that yields each time the club's feed may have grown (bursts fold into one wake-up).
    package func subscribe(to clubID: UUID, reader: UUID? = nil) -> (wakeUps: AsyncStream<Void>, cancel: @Sendable () -> Void) {
        let token = UUID.timeOrdered()
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let open = subscribers.withLockedValue { subscribers in
            guard !closing.withLockedValue({ $0 }) else { return false }
            subscribers[token] = Subscriber(clubID: clubID, reader: reader, continuation: continuation)
            return true
        }
        if !open { continuation.finish() }
        let cancel: @Sendable () -> Void = { [weak self] in
            self?.subscribers.withLockedValue { _ = $0.removeValue(forKey: token) }
            continuation.finish()
        }
        continuation.onTermination = { _ in cancel() }
        return (stream, cancel)
    }

    /// After a transaction that wrote club activity has committed.
    package func announce(_ clubIDs: some Sequence<UUID>) {
        guard !deliveredByDatabase.withLockedValue({ $0 }) else { return }
        for clubID in Set(clubIDs) { deliver(clubID) }
    }

    package func deliver(_ clubID: UUID) {
        generations.withLockedValue { $0[clubID, default: 0] += 1 }
        let waiting = subscribers.withLockedValue { $0.values.filter { $0.clubID == clubID } }
        for subscriber in waiting { subscriber.continuation.yield() }
        for observer in observers.withLockedValue({ $0 }) { observer() }
    }

    package func generation(of clubID: UUID) -> Int {
        generations.withLockedValue { $0[clubID] ?? 0 }
    }

    /// The server is stopping: every stream's wake-ups end (each stream then tells its client to
    /// come back, `ClubEventStream`), and streams opened from now on end at once.
    package func closeAll() {
        let open = subscribers.withLockedValue { subscribers in
            closing.withLockedValue { $0 = true }
            return Array(subscribers.values)
        }
        for subscriber in open { subscriber.continuation.finish() }
    }

    package var isClosing: Bool { closing.withLockedValue { $0 } }

    /// The streams `reader` has open in this process.
    package func openStreams(of reader: UUID) -> Int {
        subscribers.withLockedValue { $0.values.filter { $0.reader == reader }.count }
    }

    /// Open streams, for the benchmark and the health of a busy server.
    package var subscriberCount: Int { subscribers.withLockedValue { $0.count } }

    package init() {}
}
