import DogearServices
import DogearStore
import Vapor

extension PersonRef: Content {}

/// A club. Anyone signed in may read a public club's summary; `joinCode`, `role` and the counts of
/// what happens inside are for members (`role` is the asker's, null for a non-member).
package struct ClubDTO: Content {
    package struct CurrentBook: Content {
        package let work: WorkDTO
        package let startedOn: String
        @Nullable package var coverUrl: String? = nil
    }

    package let id: UUID
    package let name: String
    @Nullable package var description: String?
    @Nullable package var coverUrl: String?
    package let isPublic: Bool
    /// A join code asks to join; an owner or admin approves.
    package let approvesJoins: Bool
    package let memberCount: Int
    package let booksCompleted: Int
    package let owner: PersonRef
    @Nullable package var currentBook: CurrentBook?
    @Nullable package var joinCode: String?
    @Nullable package var role: String?
    @Nullable package var createdAt: Date?
}

/// A book the club read (or is reading: no `finishedOn`).
package struct ClubBookDTO: Content {
    package let work: WorkDTO
    package let startedOn: String
    @Nullable package var finishedOn: String?
}

/// A reader waiting for an owner or admin to let them into a club that approves joins.
package struct ClubJoinRequestDTO: Content, Equatable {
    package let user: PersonRef
    package let requestedAt: Date
}

/// A reader removed from a club, who may not join again by code until let back in.
package struct ClubRemovalDTO: Content, Equatable {
    package let user: PersonRef
    package let removedAt: Date
}

/// A member with their role and their progress on the current book.
package struct ClubMemberDTO: Content {
    package struct Progress: Content, Equatable {
        /// notStarted, reading, finished, abandoned, hidden.
        package let state: String
        @Nullable package var page: Int? = nil
        @Nullable package var pageCount: Int? = nil
        @Nullable package var percent: Int? = nil
        /// Against the schedule: ahead, onTrack, behind; null without a schedule or when hidden.
        @Nullable package var standing: String? = nil
    }

    package let user: PersonRef
    package let role: String
    package let joinedAt: Date
    package let hidesProgress: Bool
    @Nullable package var progress: Progress?
}

/// The current book's schedule and where the club should be today.
package struct ClubScheduleDTO: Content {
    package struct Milestone: Content, Equatable {
        package let id: UUID
        @Nullable package var label: String?
        @Nullable package var page: Int?
        @Nullable package var percent: Double?
        package let dueOn: String
    }

    @Nullable package var startedOn: String?
    package let milestones: [Milestone]
    /// Where the club should be today, 0–100 (null without a comparable milestone).
    @Nullable package var expectedPercent: Int?
    @Nullable package var expectedPage: Int?
}

/// A proposed next book with its votes.
package struct ClubProposalDTO: Content {
    package let id: UUID
    package let work: WorkDTO
    package let proposer: PersonRef
    /// open, picked, closed.
    package let state: String
    package let votes: Int
    package let votedByMe: Bool
    package let createdAt: Date
}

/// One line of a club's feed; `id` orders the feed and is the event stream's event id.
package struct ClubActivityDTO: Content {
    package struct BookRef: Content {
        package let id: UUID
        package let title: String
    }

    package let id: Int
    package let kind: String
    package let actor: PersonRef
    @Nullable package var book: BookRef?
    /// The milestone percent of `progressed`, the stars of `rated`.
    @Nullable package var amount: Int?
    /// For `commented`: the comment as the asker may see it (null once deleted).
    @Nullable package var comment: ClubCommentDTO?
    @Nullable package var proposalId: UUID?
    package let createdAt: Date
}

/// A discussion comment as one reader may see it: a comment about a place they have not reached has
/// no `body` and says `hiddenUntil` ("page 200", "40%") until they get there or reveal it.
package struct ClubCommentDTO: Content {
    package let id: UUID
    package let clubId: UUID
    package let author: PersonRef
    /// The thread's top-level comment.
    @Nullable package var parentId: UUID?
    /// The comment it answers (the top-level one or a reply in its thread), and that comment's author.
    @Nullable package var replyTo: UUID?
    @Nullable package var replyToAuthor: PersonRef?
    @Nullable package var page: Int?
    @Nullable package var percent: Double?
    @Nullable package var body: String?
    @Nullable package var hiddenUntil: String?
    package let createdAt: Date
    @Nullable package var editedAt: Date?
    package let mayEdit: Bool
    package let mayDelete: Bool
    /// Replies, oldest first (top-level comments only).
    package var replies: [ClubCommentDTO]
}
