import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// Choosing the next book: members propose books and vote (one vote each per proposal, which they
/// can take back); owner or admin picks one, which becomes the current book and closes the round.
package struct ClubProposalService {
    package let reading: ClubReadingService

    package var membership: ClubMembershipService { reading.membership }
    package var db: any Database { reading.db }
    package var user: User { reading.user }

    package static let proposalNotFound = DomainError.notFound(.proposalNotFound, "no such proposal in this club")
    package static let proposalClosed = DomainError(.unprocessable, code: .proposalClosed, "voting on this proposal has closed")

    /// The open proposals, most votes first, then oldest first.
    package func proposals(in clubID: UUID) async throws -> [ClubProposalRecord] {
        _ = try await membership.open(clubID, for: .readInside)
        let open = try await ClubProposal.query(on: db).filter(\.$club.$id == clubID).filter(\.$state == .open)
            .sort(\.$createdAt).all()
        let dtos = try await self.dtos(open)
        return dtos.enumerated().sorted { ($0.element.votes, -$0.offset) > ($1.element.votes, -$1.offset) }.map(\.element)
    }

    package func propose(in clubID: UUID, _ choice: WorkChoice, lookups: BookLookupService) async throws -> ClubProposalRecord {
        _ = try await membership.open(clubID, for: .propose)
        let workID = try await choice.resolve(for: user, on: db, lookups: lookups)
        let userID = try user.requireID()
        let proposal = try await membership.write { db, changes in
            if try await ClubProposal.query(on: db).filter(\.$club.$id == clubID).filter(\.$work.$id == workID)
                .filter(\.$state == .open).first() != nil
            {
                throw DomainError(.conflict, code: .alreadyProposed, "this book is already proposed")
            }
            let proposal = ClubProposal(clubID: clubID, proposerID: userID, workID: workID)
            try await proposal.create(on: db)
            changes.clubActivity(
                ClubActivity(clubID: clubID, actorID: userID, kind: .proposed, workID: workID, subjectID: proposal.id))
            return proposal
        }
        return try await dtos([proposal])[0]
    }

    /// Votes for a proposal; voting again keeps the one vote.
    package func vote(in clubID: UUID, for proposalID: UUID) async throws -> ClubProposalRecord {
        _ = try await membership.open(clubID, for: .vote)
        let proposal = try await openProposal(proposalID, in: clubID)
        let userID = try user.requireID()
        if try await ClubVote.query(on: db).filter(\.$proposal.$id == proposalID).filter(\.$user.$id == userID).first() == nil {
            do {
                try await ClubVote(proposalID: proposalID, userID: userID).create(on: db)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                // The same vote from a request a moment ago: one vote it is.
            }
        }
        return try await dtos([proposal])[0]
    }

    package func unvote(in clubID: UUID, for proposalID: UUID) async throws -> ClubProposalRecord {
        _ = try await membership.open(clubID, for: .vote)
        let proposal = try await openProposal(proposalID, in: clubID)
        try await ClubVote.query(on: db).filter(\.$proposal.$id == proposalID).filter(\.$user.$id == user.requireID()).delete()
        return try await dtos([proposal])[0]
    }

    /// The winner becomes the current book; the other open proposals close.
    package func pick(in clubID: UUID, _ proposalID: UUID) async throws -> ClubProposalRecord {
        let (club, _) = try await membership.open(clubID, for: .pickNextBook)
        let proposal = try await openProposal(proposalID, in: clubID)
        let userID = try user.requireID()
        let today = reading.today
        try await membership.write { db, changes in
            try await ClubProposal.query(on: db).filter(\.$club.$id == clubID).filter(\.$state == .open)
                .set(\.$state, to: .closed).update()
            proposal.state = .picked
            try await proposal.save(on: db)
            changes.clubActivity(
                ClubActivity(
                    clubID: clubID, actorID: userID, kind: .votesClosed, workID: proposal.$work.id, subjectID: proposalID))
            _ = try await ClubReadingService.makeCurrent(
                proposal.$work.id, of: club, startedOn: today, today: today, by: userID, with: changes)
        }
        return try await dtos([proposal])[0]
    }

    private func openProposal(_ id: UUID, in clubID: UUID) async throws -> ClubProposal {
        guard let proposal = try await ClubProposal.query(on: db).filter(\.$id == id).filter(\.$club.$id == clubID).first()
        else { throw Self.proposalNotFound }
        guard proposal.state == .open else { throw Self.proposalClosed }
        return proposal
    }

    private func dtos(_ proposals: [ClubProposal]) async throws -> [ClubProposalRecord] {
        guard !proposals.isEmpty else { return [] }
        let ids = try proposals.map { try $0.requireID() }
        let userID = try user.requireID()
        var votes: [UUID: Int] = [:]
        var mine = Set<UUID>()
        for vote in try await ClubVote.query(on: db).filter(\.$proposal.$id ~~ ids).all() {
            votes[vote.$proposal.id, default: 0] += 1
            if vote.$user.id == userID { mine.insert(vote.$proposal.id) }
        }
        let works = try await CatalogLoader(db: db).works(proposals.map(\.$work.id))
        let people = try await ClubFeedService.people(proposals.map(\.$proposer.id), on: db)
        return try proposals.compactMap { proposal in
            let id = try proposal.requireID()
            guard let work = works[proposal.$work.id] else { return nil }
            return ClubProposalRecord(
                id: id, work: work,
                proposer: people[proposal.$proposer.id] ?? PersonRef(id: proposal.$proposer.id, displayName: ""),
                state: proposal.state.rawValue, votes: votes[id] ?? 0, votedByMe: mine.contains(id),
                createdAt: proposal.createdAt ?? .distantPast)
        }
    }

    package init(reading: ClubReadingService) {
        self.reading = reading
    }
}
