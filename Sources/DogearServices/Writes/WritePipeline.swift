import DogearStore
import FluentKit
import Foundation

/// The one way a service writes: a write transaction whose body declares what it changed
/// (`WriteChanges`), whose derived writes are made before the commit, and whose clubs' live feeds
/// wake after it. Inside a transaction already (an atomic batch) it joins it, as `writeTransaction`
/// does; the batch then hands in an announcer that wakes the clubs once the batch itself commits.
package struct WritePipeline: Sendable {
    /// The request's own database (a batch's transaction when there is one).
    package let db: any Database
    package let now: Date
    /// Wakes the live feeds of clubs told of the change (nil in tools and tests that do not listen).
    package let clubEvents: (any ClubAnnouncing)?

    package init(db: any Database, now: Date, clubEvents: (any ClubAnnouncing)?) {
        self.db = db
        self.now = now
        self.clubEvents = clubEvents
    }

    package func run<T: Sendable>(
        _ body: @escaping @Sendable (any Database, WriteChanges) async throws -> T
    ) async throws -> T {
        let now = now
        // Inside a batch's transaction the commit is the batch's, later: the reading days written
        // are then not remembered (`ReadingDays.committed`), which is always safe.
        let ownsCommit = !db.inTransaction
        let (value, clubs, committed) = try await db.writeTransaction { db in
            let changes = WriteChanges(db: db, now: now)
            let value = try await body(db, changes)
            return (value, try await changes.apply(), changes.readingDaysWritten)
        }
        if ownsCommit { committed.forEach(ReadingDays.committed) }
        if !clubs.isEmpty { clubEvents?.announceCommitted(clubs) }
        return value
    }
}
