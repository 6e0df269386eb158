import DogearCore
import DogearServices
import DogearStore
import Vapor

/// /api/v1/clubs and /api/v1/comments: clubs, their members, book, schedule, proposals, feed,
/// discussion and live events. Each handler decodes, calls the club services, and encodes.
package struct ClubController {
    package func index(req: Request) async throws -> [ClubDTO] {
        (try await req.clubs().clubs()).map(ClubDTO.init)
    }

    package func create(req: Request) async throws -> Response {
        let body = try req.content.decode(CreateClubRequest.self)
        return try await ClubDTO(try await req.clubs().create(body.draft)).encodeResponse(status: .created, for: req)
    }

    package func show(req: Request) async throws -> ClubDTO {
        ClubDTO(try await req.clubs().club(try req.clubIDParameter()))
    }

    package func update(req: Request) async throws -> ClubDTO {
        let body = try req.content.decode(UpdateClubRequest.self)
        return ClubDTO(try await req.clubs().update(try req.clubIDParameter(), body.draft))
    }

    package func delete(req: Request) async throws -> HTTPStatus {
        try await req.clubs().delete(try req.clubIDParameter())
        return .noContent
    }

    /// 200 with the club joined; 202 with the club's summary when it approves joins and the request waits.
    package func join(req: Request) async throws -> Response {
        let body = try req.content.decode(JoinClubRequest.self)
        switch try await req.clubMembership().joinOrAsk(code: body.code ?? "") {
        case .joined(let club):
            return try await ClubDTO(try await req.clubs().club(try club.requireID())).encodeResponse(status: .ok, for: req)
        case .requested(let club):
            // Not a member yet: the summary only (no code, no role), as the invitation shows it.
            return try await ClubDTO(try await req.clubs().dtos([(club, .otherReader)])[0]).encodeResponse(
                status: .accepted, for: req)
        }
    }

    package func joinRequests(req: Request) async throws -> [ClubJoinRequestDTO] {
        try await req.clubMembership().joinRequests(of: try req.clubIDParameter()).map {
            ClubJoinRequestDTO(user: PersonRef(id: $0.userID, displayName: $0.displayName), requestedAt: $0.requestedAt)
        }
    }

    package func approveJoin(req: Request) async throws -> HTTPStatus {
        try await req.clubMembership().approveJoin(of: try req.uuidParameter("userId"), to: try req.clubIDParameter())
        return .noContent
    }

    package func declineJoin(req: Request) async throws -> HTTPStatus {
        try await req.clubMembership().declineJoin(of: try req.uuidParameter("userId"), to: try req.clubIDParameter())
        return .noContent
    }

    package func leave(req: Request) async throws -> HTTPStatus {
        try await req.clubMembership().leave(try req.clubIDParameter())
        return .noContent
    }

    package func replaceCode(req: Request) async throws -> ClubDTO {
        let club = try await req.clubMembership().replaceCode(of: try req.clubIDParameter())
        return ClubDTO(try await req.clubs().club(try club.requireID()))
    }

    package func books(req: Request) async throws -> [ClubBookDTO] {
        (try await req.clubs().books(try req.clubIDParameter())).map(ClubBookDTO.init)
    }

    // MARK: members

    package func members(req: Request) async throws -> Response {
        try await req.clubReading().members(of: try req.clubIDParameter()).map(ClubMemberDTO.init).jsonResponse()
    }

    package func updateMember(req: Request) async throws -> [ClubMemberDTO] {
        let body = try req.content.decode(UpdateClubMemberRequest.self)
        let clubID = try req.clubIDParameter()
        let memberID = try req.uuidParameter("userId")
        if let role = body.role {
            guard let parsed = ClubMember.Role(rawValue: role) else {
                throw ValidationError(field: "role", "must be admin or member")
            }
            try await req.clubMembership().changeRole(of: memberID, in: clubID, to: parsed)
        }
        if let hides = body.hidesProgress {
            guard memberID == (try req.currentUserID()) else {
                throw DomainError(.forbidden, code: .forbidden, "members decide for themselves whether to hide their progress")
            }
            try await req.clubs().hideProgress(in: clubID, hides)
        }
        if body.role == nil, body.hidesProgress == nil {
            throw ValidationError(field: "role", "give a role or hidesProgress")
        }
        return (try await req.clubReading().members(of: clubID)).map(ClubMemberDTO.init)
    }

    package func removeMember(req: Request) async throws -> HTTPStatus {
        try await req.clubMembership().removeMember(try req.uuidParameter("userId"), from: try req.clubIDParameter())
        return .noContent
    }

    package func removals(req: Request) async throws -> [ClubRemovalDTO] {
        try await req.clubMembership().removals(of: try req.clubIDParameter()).map {
            ClubRemovalDTO(user: PersonRef(id: $0.userID, displayName: $0.displayName), removedAt: $0.removedAt)
        }
    }

    package func letBackIn(req: Request) async throws -> HTTPStatus {
        try await req.clubMembership().letBackIn(try req.uuidParameter("userId"), to: try req.clubIDParameter())
        return .noContent
    }

    package func transfer(req: Request) async throws -> ClubDTO {
        let body = try req.content.decode(TransferClubRequest.self)
        guard let userID = body.userId else { throw ValidationError(field: "userId", "name the member to hand the club to") }
        let clubID = try req.clubIDParameter()
        try await req.clubMembership().transferOwnership(of: clubID, to: userID)
        return ClubDTO(try await req.clubs().club(clubID))
    }

    // MARK: book and schedule

    package func setCurrentBook(req: Request) async throws -> ClubDTO {
        let body = try req.content.decode(ClubBookRequest.self)
        let clubID = try req.clubIDParameter()
        try await req.clubReading().setCurrentBook(
            of: clubID, to: body.choice, startDate: body.startDate, lookups: req.bookLookup())
        return ClubDTO(try await req.clubs().club(clubID))
    }

    package func schedule(req: Request) async throws -> ClubScheduleDTO {
        ClubScheduleDTO(try await req.clubReading().schedule(of: try req.clubIDParameter()))
    }

    package func setSchedule(req: Request) async throws -> ClubScheduleDTO {
        let body = try req.content.decode(ClubScheduleRequest.self)
        return ClubScheduleDTO(try await req.clubReading().setSchedule(of: try req.clubIDParameter(), body.milestones ?? []))
    }

    // MARK: proposals

    package func proposals(req: Request) async throws -> [ClubProposalDTO] {
        (try await req.clubProposals().proposals(in: try req.clubIDParameter())).map(ClubProposalDTO.init)
    }

    package func propose(req: Request) async throws -> Response {
        let body = try req.content.decode(ClubBookRequest.self)
        let proposal = try await req.clubProposals().propose(
            in: try req.clubIDParameter(), body.choice, lookups: req.bookLookup())
        return try await ClubProposalDTO(proposal).encodeResponse(status: .created, for: req)
    }

    package func vote(req: Request) async throws -> ClubProposalDTO {
        ClubProposalDTO(
            try await req.clubProposals().vote(in: try req.clubIDParameter(), for: try req.uuidParameter("proposalId")))
    }

    package func unvote(req: Request) async throws -> ClubProposalDTO {
        ClubProposalDTO(
            try await req.clubProposals().unvote(in: try req.clubIDParameter(), for: try req.uuidParameter("proposalId")))
    }

    package func pick(req: Request) async throws -> ClubProposalDTO {
        ClubProposalDTO(try await req.clubProposals().pick(in: try req.clubIDParameter(), try req.uuidParameter("proposalId")))
    }

    // MARK: feed and discussion

    package func activity(req: Request) async throws -> Page<ClubActivityDTO> {
        let before = try req.query.get(String?.self, at: "cursor").map { raw in
            guard let id = Int(raw) else {
                throw DomainError.badRequest("'\(raw)' is not a cursor from this feed", field: "cursor")
            }
            return id
        }
        return Page(try await req.clubFeed().activity(in: try req.clubIDParameter(), before: before), ClubActivityDTO.init)
    }

    package func comments(req: Request) async throws -> Page<ClubCommentDTO> {
        let cursor = try req.optionalUUIDQuery("cursor")
        let reveal = try req.optionalUUIDQuery("reveal")
        return Page(
            try await req.clubFeed().comments(in: try req.clubIDParameter(), before: cursor, reveal: reveal), ClubCommentDTO.init)
    }

    package func postComment(req: Request) async throws -> Response {
        let body = try req.content.decode(ClubCommentRequest.self)
        let comment = try await req.clubFeed().post(
            in: try req.clubIDParameter(), body.draft, parentID: body.parentId, replyTo: body.replyTo, noteID: body.noteId)
        return try await ClubCommentDTO(comment).encodeResponse(status: .created, for: req)
    }

    package func comment(req: Request) async throws -> ClubCommentDTO {
        let reveal = try req.query.get(Bool?.self, at: "reveal") ?? false
        return ClubCommentDTO(try await req.clubFeed().comment(try req.uuidParameter("id"), reveal: reveal))
    }

    package func editComment(req: Request) async throws -> ClubCommentDTO {
        let body = try req.content.decode(ClubCommentRequest.self)
        return ClubCommentDTO(try await req.clubFeed().edit(try req.uuidParameter("id"), body.draft))
    }

    package func deleteComment(req: Request) async throws -> HTTPStatus {
        try await req.clubFeed().delete(try req.uuidParameter("id"))
        return .noContent
    }

    package func events(req: Request) async throws -> Response {
        try await ClubEventStream.response(for: req, clubID: try req.clubIDParameter())
    }

    // MARK: helpers

}
