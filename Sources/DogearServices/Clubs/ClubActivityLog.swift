import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// Writes a club's feed. Every activity is written inside the transaction of the change it reports,
/// so the feed never tells of a change that did not happen (or misses one that did).
package struct ClubActivityLog {
    /// A database inside the reporting change's transaction.
    package let db: any Database

    /// Records one activity. On PostgreSQL it first locks the club's row, so activities of one club
    /// get their ids in commit order (an event stream reading "after id N" then misses nothing), and
    /// queues a `NOTIFY` that PostgreSQL sends to every listening process when the transaction commits.
    package func record(_ activity: ClubActivity) async throws {
        let clubID = activity.$club.id
        let sql = db.sql
        let dialect = sql.databaseDialect
        if let lock = dialect.lockRows(of: "clubs", ids: [clubID], .update) { try await sql.raw(lock).run() }
        try await activity.create(on: db)
        if let notify = dialect.notify(ClubEventHub.channel, clubID.uuidString) { try await sql.raw(notify).run() }
    }

    /// Wakes the club's open streams without a feed line (a member removed, the club deleted), so
    /// they check again and end: on PostgreSQL a `NOTIFY` sent at commit; on SQLite the caller
    /// announces once the transaction has committed.
    package func wake(_ clubID: UUID) async throws {
        let sql = db.sql
        guard let notify = sql.databaseDialect.notify(ClubEventHub.channel, clubID.uuidString) else { return }
        try await sql.raw(notify).run()
    }

    /// A change to a reader's library entry, told to every club of theirs whose current book it is:
    /// added, started, 25/50/75 %, finished, abandoned, rated. A private entry tells nothing, and
    /// neither does a member who keeps their progress to themselves in that club.
    /// Returns the clubs told (to announce once the transaction commits).
    /// `clubs`: the clubs reading its work where the reader shows progress, as the write read them
    /// (`EntrySurroundings`), in one order, so two readers' changes never wait on each other in a circle.
    package func entryChanged(
        _ entry: EntryFacts, before: ReadingState?, ratingBefore: Int?, clubs clubIDs: [UUID]
    ) async throws -> [UUID] {
        guard entry.isPublic else { return [] }
        let userID = entry.userID
        let workID = entry.workID
        guard !clubIDs.isEmpty else { return [] }
        // An entry without an edition does not know the book's length; the club's page count does.
        let pageCount = try await CatalogLoader(db: db).bookFacts([workID]).values.first?.pageCount
        func measured(_ state: ReadingState) -> ReadingState {
            var state = state
            state.progress = ClubProgress.fraction(progress: state.progress, currentPage: state.currentPage, pageCount: pageCount)
            return state
        }
        let events = ClubFeedEvent.between(
            before: before.map(measured), ratingBefore: ratingBefore, after: measured(entry.state),
            ratingAfter: entry.rating)
        guard !events.isEmpty else { return [] }
        for clubID in clubIDs {
            for event in events {
                let (kind, amount) = Self.kind(of: event)
                try await record(ClubActivity(clubID: clubID, actorID: userID, kind: kind, workID: workID, amount: amount))
            }
        }
        return clubIDs
    }

    package static func kind(of event: ClubFeedEvent) -> (ClubActivity.Kind, Int?) {
        switch event {
        case .addedBook: return (.addedBook, nil)
        case .started: return (.started, nil)
        case .progressed(let percent): return (.progressed, percent)
        case .finished: return (.finished, nil)
        case .abandoned: return (.abandoned, nil)
        case .rated(let stars): return (.rated, stars)
        }
    }

    package init(db: any Database) {
        self.db = db
    }
}
