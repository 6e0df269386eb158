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

/// Stamps every `ClockStamped` model on create (created and updated) and on an update that changes
/// something (updated). Stamps never go backwards and never repeat: a stamp at or before the last one
/// is moved a microsecond past it, so "newest first" keeps the order things happened in even when
/// the clock stands still (a fixed clock in tests, two writes in one clock tick).
package final class ClockTimestamps: AnyModelMiddleware, Sendable {
    private let now: @Sendable () -> Date
    private let last = NIOLockedValueBox(Date.distantPast)

    package init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    package func handle(
        _ event: ModelEvent, _ model: any AnyModel, on db: any Database, chainingTo next: any AnyModelResponder
    ) -> EventLoopFuture<Void> {
        if let stamped = model as? any ClockStamped {
            switch event {
            case .create:
                let stamp = nextStamp()
                if stamped.createdAt == nil { stamped.createdAt = stamp }
                stamped.updatedAt = stamp
            case .update where model.hasChanges:
                stamped.updatedAt = nextStamp()
            default:
                break
            }
        }
        return next.handle(event, model, on: db)
    }

    private func nextStamp() -> Date {
        let candidate = now()
        return last.withLockedValue { last in
            let stamp = candidate > last ? candidate : last.addingTimeInterval(0.000_001)
            last = stamp
            return stamp
        }
    }
}
