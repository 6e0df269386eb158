import DogearStore
import Vapor

/// A reader as a club shows them: id and display name.
struct PersonRef: Content, Equatable {
    let id: UUID
    let displayName: String
}

/// A club. Anyone signed in may read a public club's summary; `joinCode`, `role` and the counts of
/// what happens inside are for members (`role` is the asker's, null for a non-member).
struct ClubDTO: Content {
    struct CurrentBook: Content {
        let work: WorkDTO
        let startedOn: String
        @Nullable var coverUrl: String? = nil
    }

    let id: UUID
    let name: String
    @Nullable var description: String?
    @Nullable var coverUrl: String?
    let isPublic: Bool
    /// A join code asks to join; an owner or admin approves.
    let approvesJoins: Bool
    let memberCount: Int
    let booksCompleted: Int
    let owner: PersonRef
    @Nullable var currentBook: CurrentBook?
    @Nullable var joinCode: String?
    @Nullable var role: String?
    @Nullable var createdAt: Date?
}

/// A book the club read (or is reading: no `finishedOn`).
struct ClubBookDTO: Content {
    let work: WorkDTO
    let startedOn: String
    @Nullable var finishedOn: String?
}

/// A reader waiting for an owner or admin to let them into a club that approves joins.
struct ClubJoinRequestDTO: Content, Equatable {
    let user: PersonRef
    let requestedAt: Date
}

/// A reader removed from a club, who may not join again by code until let back in.
struct ClubRemovalDTO: Content, Equatable {
    let user: PersonRef
    let removedAt: Date
}

/// A member with their role and their progress on the current book.
struct ClubMemberDTO: Content {
    struct Progress: Content, Equatable {
        /// notStarted, reading, finished, abandoned, hidden.
        let state: String
        @Nullable var page: Int? = nil
        @Nullable var pageCount: Int? = nil
        @Nullable var percent: Int? = nil
        /// Against the schedule: ahead, onTrack, behind; null without a schedule or when hidden.
        @Nullable var standing: String? = nil
    }

    let user: PersonRef
    let role: String
    let joinedAt: Date
    let hidesProgress: Bool
    @Nullable var progress: Progress?
}

/// The current book's schedule and where the club should be today.
struct ClubScheduleDTO: Content {
    struct Milestone: Content, Equatable {
        @Nullable var label: String?
        @Nullable var page: Int?
        @Nullable var percent: Double?
        let dueOn: String
    }

    @Nullable var startedOn: String?
    let milestones: [Milestone]
    /// Where the club should be today, 0–100 (null without a comparable milestone).
    @Nullable var expectedPercent: Int?
    @Nullable var expectedPage: Int?
}

/// A proposed next book with its votes.
struct ClubProposalDTO: Content {
    let id: UUID
    let work: WorkDTO
    let proposer: PersonRef
    /// open, picked, closed.
    let state: String
    let votes: Int
    let votedByMe: Bool
    let createdAt: Date
}

/// One line of a club's feed; `id` orders the feed and is the event stream's event id.
struct ClubActivityDTO: Content {
    struct BookRef: Content {
        let id: UUID
        let title: String
    }

    let id: Int
    let kind: String
    let actor: PersonRef
    @Nullable var book: BookRef?
    /// The milestone percent of `progressed`, the stars of `rated`.
    @Nullable var amount: Int?
    /// For `commented`: the comment as the asker may see it (null once deleted).
    @Nullable var comment: ClubCommentDTO?
    @Nullable var proposalId: UUID?
    let createdAt: Date
}

/// A discussion comment as one reader may see it: a comment about a place they have not reached has
/// no `body` and says `hiddenUntil` ("page 200", "40%") until they get there or reveal it.
struct ClubCommentDTO: Content {
    let id: UUID
    let clubId: UUID
    let author: PersonRef
    @Nullable var parentId: UUID?
    @Nullable var page: Int?
    @Nullable var percent: Double?
    @Nullable var body: String?
    @Nullable var hiddenUntil: String?
    let createdAt: Date
    @Nullable var editedAt: Date?
    let mayEdit: Bool
    let mayDelete: Bool
    /// Replies, oldest first (top-level comments only).
    var replies: [ClubCommentDTO]
}
