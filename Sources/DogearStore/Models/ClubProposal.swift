import FluentKit
import Foundation

/// A book a member proposed as the club's next; open until owner or admin picks one, which closes
/// the round (the picked one becomes the current book, the rest close).
package final class ClubProposal: Model, @unchecked Sendable {
    package static let schema = "club_proposals"

    package enum State: String, Codable, Sendable { case open, picked, closed }

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "state") package var state: State

    // relationships
    @Parent(key: "club_id") package var club: Club
    @Parent(key: "proposer_id") package var proposer: User
    @Parent(key: "work_id") package var work: Work

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _state, _club, _proposer, _work]
    }

    package init() {}

    package init(clubID: UUID, proposerID: UUID, workID: UUID) {
        self.$club.id = clubID
        self.$proposer.id = proposerID
        self.$work.id = workID
        self.state = .open
    }
}

/// One member's vote for one proposal (at most one each; taking it back deletes it).
package final class ClubVote: Model, @unchecked Sendable {
    package static let schema = "club_votes"

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // relationships
    @Parent(key: "proposal_id") package var proposal: ClubProposal
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _proposal, _user]
    }

    package init() {}

    package init(proposalID: UUID, userID: UUID) {
        self.$proposal.id = proposalID
        self.$user.id = userID
    }
}
