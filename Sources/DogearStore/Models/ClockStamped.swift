import FluentKit
import Foundation
import NIOConcurrencyHelpers

/// A model whose `created_at` and `updated_at` come from Dogear's injected clock, not from the
/// wall clock Fluent's own timestamps read (so tests that fix the date see it there too). Its
/// `@Timestamp` fields have the trigger `.none`; `ClockTimestamps` sets them.
package protocol ClockStamped: AnyObject {
    var createdAt: Date? { get set }
    var updatedAt: Date? { get set }
}

extension AccountLink: ClockStamped {}
extension Author: ClockStamped {}
extension Club: ClockStamped {}
extension ClubActivity: ClockStamped {}
extension ClubBook: ClockStamped {}
extension ClubComment: ClockStamped {}
extension ClubMeeting: ClockStamped {}
extension ClubMember: ClockStamped {}
extension ClubMilestone: ClockStamped {}
extension ClubProposal: ClockStamped {}
extension ClubVote: ClockStamped {}
extension Edition: ClockStamped {}
extension EntryTag: ClockStamped {}
extension ExternalID: ClockStamped {}
extension Identity: ClockStamped {}
extension ImportJob: ClockStamped {}
extension ImportRowRecord: ClockStamped {}
extension ImportedFields: ClockStamped {}
extension LibraryEntry: ClockStamped {}
extension Note: ClockStamped {}
extension Quote: ClockStamped {}
extension ReadThrough: ClockStamped {}
extension ReadingList: ClockStamped {}
extension ReadingListItem: ClockStamped {}
extension SavedList: ClockStamped {}
extension ShareCodeRecord: ClockStamped {}
extension SignInNonce: ClockStamped {}
extension ReadingSession: ClockStamped {}
extension Tag: ClockStamped {}
extension User: ClockStamped {}
extension UserToken: ClockStamped {}
extension Work: ClockStamped {}
extension WorkAuthor: ClockStamped {}

/// The clock's stamps: every `ClockStamped` model gets them on create (created and updated) and
/// on an update that changes something (updated). Stamps never go backwards and never repeat: a
/// stamp at or before the last one is moved a microsecond past it, so "newest first" keeps the
/// order things happened in even when the clock stands still (a fixed clock in tests, two writes
/// in one clock tick).
///
/// They are set by one async middleware per model (`middlewares`), not by one middleware for all:
/// Fluent runs a plain (future-based) middleware inside `save` by starting a task of its own for
/// the rest of the chain, and that task ran the save's statement on a shared event loop, behind
/// the requests there, while the SQLite writers' group waited for it (measured under `bench http`:
/// every entry's UPDATE ran off the writers' loop). An async middleware stays in the caller's task.
package final class ClockTimestamps: Sendable {
    private let now: @Sendable () -> Date
    private let last = NIOLockedValueBox(Date.distantPast)

    package init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The middlewares that stamp each `ClockStamped` model, one per model. A model that conforms
    /// and is missing here is not stamped (`scripts/check-rooms.sh` holds the two lists equal).
    package var middlewares: [any AnyModelMiddleware] {
        [
            stamping(AccountLink.self), stamping(Author.self), stamping(Club.self), stamping(ClubActivity.self),
            stamping(ClubBook.self), stamping(ClubComment.self), stamping(ClubMeeting.self), stamping(ClubMember.self),
            stamping(ClubMilestone.self), stamping(ClubProposal.self), stamping(ClubVote.self),
            stamping(Edition.self), stamping(EntryTag.self), stamping(ExternalID.self), stamping(Identity.self),
            stamping(ImportJob.self), stamping(ImportRowRecord.self), stamping(ImportedFields.self),
            stamping(LibraryEntry.self), stamping(Note.self), stamping(Quote.self), stamping(ReadThrough.self),
            stamping(ReadingList.self), stamping(ReadingListItem.self), stamping(SavedList.self),
            stamping(ShareCodeRecord.self), stamping(SignInNonce.self), stamping(ReadingSession.self),
            stamping(Tag.self), stamping(User.self), stamping(UserToken.self), stamping(Work.self),
            stamping(WorkAuthor.self),
        ]
    }

    private func stamping<M: Model & ClockStamped>(_: M.Type) -> any AnyModelMiddleware {
        ClockStampMiddleware<M>(clock: self)
    }

    fileprivate func stampCreated(_ model: any ClockStamped) {
        let stamp = nextStamp()
        if model.createdAt == nil { model.createdAt = stamp }
        model.updatedAt = stamp
    }

    func stampUpdated(_ model: any ClockStamped) {
        model.updatedAt = nextStamp()
    }

    /// The next stamp (also the one an update written without its model takes, `EntryForWrite.save`).
    func nextStamp() -> Date {
        let candidate = now()
        return last.withLockedValue { last in
            let stamp = candidate > last ? candidate : last.addingTimeInterval(0.000_001)
            last = stamp
            return stamp
        }
    }
}

extension ClockTimestamps {
    /// The clock that stamps `model` on this database (its `ClockStampMiddleware`), if any.
    static func stamping<M: Model & ClockStamped>(_ model: M.Type, on db: any Database) -> ClockTimestamps? {
        db.configuration.middleware.lazy.compactMap { ($0 as? ClockStampMiddleware<M>)?.clock }.first
    }
}

/// Stamps one model type from the clock (`ClockTimestamps`).
struct ClockStampMiddleware<M: Model & ClockStamped>: AsyncModelMiddleware {
    let clock: ClockTimestamps

    func create(model: M, on db: any Database, next: any AnyAsyncModelResponder) async throws {
        clock.stampCreated(model)
        try await next.create(model, on: db)
    }

    func update(model: M, on db: any Database, next: any AnyAsyncModelResponder) async throws {
        if model.hasChanges { clock.stampUpdated(model) }
        try await next.update(model, on: db)
    }
}
