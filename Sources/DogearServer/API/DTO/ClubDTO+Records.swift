import DogearServices
import DogearStore
import Foundation

// The API's shapes of the club services' records.

extension ClubDTO.CurrentBook {
    package init(_ record: ClubRecord.CurrentBook) {
        self.init(work: WorkDTO(record.work), startedOn: record.startedOn, coverUrl: record.coverUrl)
    }
}

extension ClubDTO {
    package init(_ record: ClubRecord) {
        self.init(
            id: record.id, name: record.name, description: record.description, coverUrl: record.coverUrl,
            isPublic: record.isPublic, approvesJoins: record.approvesJoins, memberCount: record.memberCount,
            booksCompleted: record.booksCompleted, owner: record.owner,
            currentBook: record.currentBook.map(ClubDTO.CurrentBook.init), joinCode: record.joinCode, role: record.role,
            createdAt: record.createdAt)
    }
}

extension ClubBookDTO {
    package init(_ record: ClubBookRecord) {
        self.init(work: WorkDTO(record.work), startedOn: record.startedOn, finishedOn: record.finishedOn)
    }
}

extension ClubMemberDTO.Progress {
    package init(_ record: ClubMemberRecord.Progress) {
        self.init(
            state: record.state, page: record.page, pageCount: record.pageCount, percent: record.percent,
            standing: record.standing)
    }
}

extension ClubMemberDTO {
    package init(_ record: ClubMemberRecord) {
        self.init(
            user: record.user, role: record.role, joinedAt: record.joinedAt, hidesProgress: record.hidesProgress,
            progress: record.progress.map(ClubMemberDTO.Progress.init))
    }
}

extension ClubScheduleDTO.Milestone {
    package init(_ record: ClubScheduleRecord.Milestone) {
        self.init(id: record.id, label: record.label, page: record.page, percent: record.percent, dueOn: record.dueOn)
    }
}

extension ClubScheduleDTO {
    package init(_ record: ClubScheduleRecord) {
        self.init(
            startedOn: record.startedOn, milestones: record.milestones.map(ClubScheduleDTO.Milestone.init),
            expectedPercent: record.expectedPercent, expectedPage: record.expectedPage)
    }
}

extension ClubProposalDTO {
    package init(_ record: ClubProposalRecord) {
        self.init(
            id: record.id, work: WorkDTO(record.work), proposer: record.proposer, state: record.state, votes: record.votes,
            votedByMe: record.votedByMe, createdAt: record.createdAt)
    }
}

extension ClubActivityDTO.BookRef {
    package init(_ record: ClubActivityRecord.BookRef) {
        self.init(id: record.id, title: record.title)
    }
}

extension ClubActivityDTO {
    package init(_ record: ClubActivityRecord) {
        self.init(
            id: record.id, kind: record.kind, actor: record.actor, book: record.book.map(ClubActivityDTO.BookRef.init),
            amount: record.amount, comment: record.comment.map(ClubCommentDTO.init), proposalId: record.proposalId,
            createdAt: record.createdAt)
    }
}

extension ClubCommentDTO {
    package init(_ record: ClubCommentRecord) {
        self.init(
            id: record.id, clubId: record.clubId, author: record.author, parentId: record.parentId, replyTo: record.replyTo,
            replyToAuthor: record.replyToAuthor, page: record.page,
            percent: record.percent, body: record.body, hiddenUntil: record.hiddenUntil, createdAt: record.createdAt,
            editedAt: record.editedAt, mayEdit: record.mayEdit, mayDelete: record.mayDelete,
            replies: record.replies.map(ClubCommentDTO.init))
    }
}
