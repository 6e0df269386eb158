import Fluent
import Foundation

/// A book a member proposed as the club's next; open until owner or admin picks one, which closes
/// the round (the picked one becomes the current book, the rest close).
final class ClubProposal: Model, @unchecked Sendable {
    static let schema = "club_proposals"

    enum State: String, Codable, Sendable { case open, picked, closed }

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // data
    @Field(key: "state") var state: State

    // relationships
    @Parent(key: "club_id") var club: Club
    @Parent(key: "proposer_id") var proposer: User
    @Parent(key: "work_id") var work: Work

    init() {}

    init(clubID: UUID, proposerID: UUID, workID: UUID) {
        self.$club.id = clubID
        self.$proposer.id = proposerID
        self.$work.id = workID
        self.state = .open
    }
}

/// One member's vote for one proposal (at most one each; taking it back deletes it).
final class ClubVote: Model, @unchecked Sendable {
    static let schema = "club_votes"

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // relationships
    @Parent(key: "proposal_id") var proposal: ClubProposal
    @Parent(key: "user_id") var user: User

    init() {}

    init(proposalID: UUID, userID: UUID) {
        self.$proposal.id = proposalID
        self.$user.id = userID
    }
}
