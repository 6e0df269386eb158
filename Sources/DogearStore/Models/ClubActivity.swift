import FluentKit
import Foundation

/// One line of a club's feed. The integer id orders the feed and is the event stream's event id:
/// a club's activities are written while its row is locked, so ids within a club follow commit order.
package final class ClubActivity: Model, @unchecked Sendable {
    package static let schema = "club_activities"

    package enum Kind: String, Codable, Sendable, CaseIterable {
        case joined, left
        /// The club set its current book.
        case clubStartedBook
        /// A member added the current book to their library.
        case addedBook
        case started, progressed, finished, abandoned, rated
        case proposed
        /// Owner or admin picked the next book from the proposals.
        case votesClosed
        case commented
    }

    // managed
    @ID(custom: .id, generatedBy: .database) package var id: Int?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "kind") package var kind: Kind
    /// The milestone percent of `progressed`, the stars of `rated`.
    @OptionalField(key: "amount") package var amount: Int?
    /// The comment of `commented`, the proposal of `proposed` and `votesClosed`.
    @OptionalField(key: "subject_id") package var subjectID: UUID?

    // relationships
    @Parent(key: "club_id") package var club: Club
    @Parent(key: "actor_id") package var actor: User
    @OptionalParent(key: "work_id") package var work: Work?

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _kind, _amount, _subjectID, _club, _actor, _work]
    }

    package init() {}

    package init(clubID: UUID, actorID: UUID, kind: Kind, workID: UUID? = nil, amount: Int? = nil, subjectID: UUID? = nil) {
        self.$club.id = clubID
        self.$actor.id = actorID
        self.kind = kind
        self.$work.id = workID
        self.amount = amount
        self.subjectID = subjectID
    }
}
