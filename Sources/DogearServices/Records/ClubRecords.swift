import DogearCore
import DogearStore
import Foundation

// What the club services answer with. The API's DTOs are built from these (API/DTO/ClubDTO+Records.swift)
// and the pages read them directly, so the JSON can change without the services or the pages.

package struct ClubRecord: Sendable, Equatable {
    package struct CurrentBook: Sendable, Equatable {
        package var work: WorkRecord
        package var startedOn: String
        package var coverUrl: String? = nil

        package init(work: WorkRecord, startedOn: String, coverUrl: String? = nil) {
            self.work = work
            self.startedOn = startedOn
            self.coverUrl = coverUrl
        }
    }

    package var id: UUID
    package var name: String
    package var description: String?
    package var coverUrl: String?
    package var isPublic: Bool
    package var approvesJoins: Bool
    package var memberCount: Int
    package var booksCompleted: Int
    package var owner: PersonRef
    package var currentBook: CurrentBook?
    package var joinCode: String?
    package var role: String?
    package var createdAt: Date?

    package init(
        id: UUID, name: String, description: String? = nil, coverUrl: String? = nil, isPublic: Bool, approvesJoins: Bool,
        memberCount: Int, booksCompleted: Int, owner: PersonRef, currentBook: CurrentBook? = nil, joinCode: String? = nil,
        role: String? = nil, createdAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.coverUrl = coverUrl
        self.isPublic = isPublic
        self.approvesJoins = approvesJoins
        self.memberCount = memberCount
        self.booksCompleted = booksCompleted
        self.owner = owner
        self.currentBook = currentBook
        self.joinCode = joinCode
        self.role = role
        self.createdAt = createdAt
    }
}

package struct ClubBookRecord: Sendable, Equatable {
    package var work: WorkRecord
    package var startedOn: String
    package var finishedOn: String?

    package init(work: WorkRecord, startedOn: String, finishedOn: String? = nil) {
        self.work = work
        self.startedOn = startedOn
        self.finishedOn = finishedOn
    }
}

package struct ClubMemberRecord: Sendable, Equatable {
    package struct Progress: Sendable, Equatable {
        package var state: String
        package var page: Int? = nil
        package var pageCount: Int? = nil
        package var percent: Int? = nil
        package var standing: String? = nil

        package init(state: String, page: Int? = nil, pageCount: Int? = nil, percent: Int? = nil, standing: String? = nil) {
            self.state = state
            self.page = page
            self.pageCount = pageCount
            self.percent = percent
            self.standing = standing
        }
    }

    package var user: PersonRef
    package var role: String
    package var joinedAt: Date
    package var hidesProgress: Bool
    package var progress: Progress?

    package init(user: PersonRef, role: String, joinedAt: Date, hidesProgress: Bool, progress: Progress? = nil) {
        self.user = user
        self.role = role
        self.joinedAt = joinedAt
        self.hidesProgress = hidesProgress
        self.progress = progress
    }
}

package struct ClubScheduleRecord: Sendable, Equatable {
    package struct Milestone: Sendable, Equatable {
        /// Kept while the schedule is edited (rows are changed in place by position).
        package var id: UUID
        package var label: String?
        package var page: Int?
        package var percent: Double?
        package var dueOn: String

        package init(id: UUID, label: String? = nil, page: Int? = nil, percent: Double? = nil, dueOn: String) {
            self.id = id
            self.label = label
            self.page = page
            self.percent = percent
            self.dueOn = dueOn
        }
    }

    package var startedOn: String?
    package var milestones: [Milestone]
    package var expectedPercent: Int?
    package var expectedPage: Int?

    package init(startedOn: String? = nil, milestones: [Milestone], expectedPercent: Int? = nil, expectedPage: Int? = nil) {
        self.startedOn = startedOn
        self.milestones = milestones
        self.expectedPercent = expectedPercent
        self.expectedPage = expectedPage
    }
}

package struct ClubProposalRecord: Sendable, Equatable {
    package var id: UUID
    package var work: WorkRecord
    package var proposer: PersonRef
    package var state: String
    package var votes: Int
    package var votedByMe: Bool
    package var createdAt: Date

    package init(id: UUID, work: WorkRecord, proposer: PersonRef, state: String, votes: Int, votedByMe: Bool, createdAt: Date) {
        self.id = id
        self.work = work
        self.proposer = proposer
        self.state = state
        self.votes = votes
        self.votedByMe = votedByMe
        self.createdAt = createdAt
    }
}

package struct ClubActivityRecord: Sendable, Equatable {
    package struct BookRef: Sendable, Equatable {
        package var id: UUID
        package var title: String

        package init(id: UUID, title: String) {
            self.id = id
            self.title = title
        }
    }

    package var id: Int
    package var kind: String
    package var actor: PersonRef
    package var book: BookRef?
    package var amount: Int?
    package var comment: ClubCommentRecord?
    package var proposalId: UUID?
    package var createdAt: Date

    package init(
        id: Int, kind: String, actor: PersonRef, book: BookRef? = nil, amount: Int? = nil, comment: ClubCommentRecord? = nil,
        proposalId: UUID? = nil, createdAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.actor = actor
        self.book = book
        self.amount = amount
        self.comment = comment
        self.proposalId = proposalId
        self.createdAt = createdAt
    }
}

package struct ClubCommentRecord: Sendable, Equatable {
    package var id: UUID
    package var clubId: UUID
    package var author: PersonRef
    package var parentId: UUID?
    /// The comment it answers, and its author.
    package var replyTo: UUID?
    package var replyToAuthor: PersonRef?
    package var page: Int?
    package var percent: Double?
    package var body: String?
    package var hiddenUntil: String?
    package var createdAt: Date
    package var editedAt: Date?
    package var mayEdit: Bool
    package var mayDelete: Bool
    package var replies: [ClubCommentRecord]

    package init(
        id: UUID, clubId: UUID, author: PersonRef, parentId: UUID? = nil, page: Int? = nil, percent: Double? = nil,
        body: String? = nil, hiddenUntil: String? = nil, createdAt: Date, editedAt: Date? = nil, mayEdit: Bool, mayDelete: Bool,
        replies: [ClubCommentRecord], replyTo: UUID? = nil, replyToAuthor: PersonRef? = nil
    ) {
        self.id = id
        self.clubId = clubId
        self.author = author
        self.parentId = parentId
        self.replyTo = replyTo
        self.replyToAuthor = replyToAuthor
        self.page = page
        self.percent = percent
        self.body = body
        self.hiddenUntil = hiddenUntil
        self.createdAt = createdAt
        self.editedAt = editedAt
        self.mayEdit = mayEdit
        self.mayDelete = mayDelete
        self.replies = replies
    }
}

/// A reader as a club shows them: id and display name.
package struct PersonRef: Codable, Sendable, Equatable {
    package let id: UUID
    package let displayName: String

    package init(id: UUID, displayName: String) {
        self.id = id
        self.displayName = displayName
    }
}
