import DogearCore
import Vapor

/// /api/v1/clubs and /api/v1/comments: clubs, their members, book, schedule, proposals, feed,
/// discussion and live events. Each handler decodes, calls the club services, and encodes.
struct ClubController {
    func index(req: Request) async throws -> [ClubDTO] {
        try await req.clubs().clubs()
    }

    func create(req: Request) async throws -> Response {
        let body = try req.content.decode(CreateClubRequest.self)
        return try await req.clubs().create(body.draft).encodeResponse(status: .created, for: req)
    }

    func show(req: Request) async throws -> ClubDTO {
        try await req.clubs().club(try Self.clubID(req))
    }

    func update(req: Request) async throws -> ClubDTO {
        let body = try req.content.decode(UpdateClubRequest.self)
        return try await req.clubs().update(try Self.clubID(req), body.draft)
    }

    func delete(req: Request) async throws -> HTTPStatus {
        try await req.clubs().delete(try Self.clubID(req))
        return .noContent
    }

    /// 200 with the club joined; 202 with the club's summary when it approves joins and the request waits.
    func join(req: Request) async throws -> Response {
        let body = try req.content.decode(JoinClubRequest.self)
        switch try await req.clubMembership().joinOrAsk(code: body.code ?? "") {
        case .joined(let club):
            return try await req.clubs().club(try club.requireID()).encodeResponse(status: .ok, for: req)
        case .requested(let club):
            // Not a member yet: the summary only (no code, no role), as the invitation shows it.
            return try await req.clubs().dtos([(club, .otherReader)])[0].encodeResponse(status: .accepted, for: req)
        }
    }

    func joinRequests(req: Request) async throws -> [ClubJoinRequestDTO] {
        try await req.clubMembership().joinRequests(of: try Self.clubID(req)).map {
            ClubJoinRequestDTO(user: PersonRef(id: $0.userID, displayName: $0.displayName), requestedAt: $0.requestedAt)
        }
    }

    func approveJoin(req: Request) async throws -> HTTPStatus {
        try await req.clubMembership().approveJoin(of: try req.uuidParameter("userId"), to: try Self.clubID(req))
        return .noContent
    }

    func declineJoin(req: Request) async throws -> HTTPStatus {
        try await req.clubMembership().declineJoin(of: try req.uuidParameter("userId"), to: try Self.clubID(req))
        return .noContent
    }

    func leave(req: Request) async throws -> HTTPStatus {
        try await req.clubMembership().leave(try Self.clubID(req))
        return .noContent
    }

    func replaceCode(req: Request) async throws -> ClubDTO {
        let club = try await req.clubMembership().replaceCode(of: try Self.clubID(req))
        return try await req.clubs().club(try club.requireID())
    }

    func books(req: Request) async throws -> [ClubBookDTO] {
        try await req.clubs().books(try Self.clubID(req))
    }

    // MARK: members

    func members(req: Request) async throws -> Response {
        try await req.clubReading().members(of: try Self.clubID(req)).jsonResponse()
    }

    func updateMember(req: Request) async throws -> [ClubMemberDTO] {
        let body = try req.content.decode(UpdateClubMemberRequest.self)
        let clubID = try Self.clubID(req)
        let memberID = try req.uuidParameter("userId")
        if let role = body.role {
            guard let parsed = ClubMember.Role(rawValue: role) else {
                throw ValidationError(field: "role", "must be admin or member")
            }
            try await req.clubMembership().changeRole(of: memberID, in: clubID, to: parsed)
        }
        if let hides = body.hidesProgress {
            guard memberID == (try req.currentUserID()) else {
                throw DomainError(.forbidden, code: "forbidden", "members decide for themselves whether to hide their progress")
            }
            try await req.clubs().hideProgress(in: clubID, hides)
        }
        if body.role == nil, body.hidesProgress == nil {
            throw ValidationError(field: "role", "give a role or hidesProgress")
        }
        return try await req.clubReading().members(of: clubID)
    }

    func removeMember(req: Request) async throws -> HTTPStatus {
        try await req.clubMembership().removeMember(try req.uuidParameter("userId"), from: try Self.clubID(req))
        return .noContent
    }

    func removals(req: Request) async throws -> [ClubRemovalDTO] {
        try await req.clubMembership().removals(of: try Self.clubID(req)).map {
            ClubRemovalDTO(user: PersonRef(id: $0.userID, displayName: $0.displayName), removedAt: $0.removedAt)
        }
    }

    func letBackIn(req: Request) async throws -> HTTPStatus {
        try await req.clubMembership().letBackIn(try req.uuidParameter("userId"), to: try Self.clubID(req))
        return .noContent
    }

    func transfer(req: Request) async throws -> ClubDTO {
        let body = try req.content.decode(TransferClubRequest.self)
        guard let userID = body.userId else { throw ValidationError(field: "userId", "name the member to hand the club to") }
        let clubID = try Self.clubID(req)
        try await req.clubMembership().transferOwnership(of: clubID, to: userID)
        return try await req.clubs().club(clubID)
    }

    // MARK: book and schedule

    func setCurrentBook(req: Request) async throws -> ClubDTO {
        let body = try req.content.decode(ClubBookRequest.self)
        let clubID = try Self.clubID(req)
        try await req.clubReading().setCurrentBook(
            of: clubID, to: body.choice, startDate: body.startDate, lookups: req.bookLookup())
        return try await req.clubs().club(clubID)
    }

    func schedule(req: Request) async throws -> ClubScheduleDTO {
        try await req.clubReading().schedule(of: try Self.clubID(req))
    }

    func setSchedule(req: Request) async throws -> ClubScheduleDTO {
        let body = try req.content.decode(ClubScheduleRequest.self)
        return try await req.clubReading().setSchedule(of: try Self.clubID(req), body.milestones ?? [])
    }

    // MARK: proposals

    func proposals(req: Request) async throws -> [ClubProposalDTO] {
        try await req.clubProposals().proposals(in: try Self.clubID(req))
    }

    func propose(req: Request) async throws -> Response {
        let body = try req.content.decode(ClubBookRequest.self)
        return try await req.clubProposals().propose(in: try Self.clubID(req), body.choice, lookups: req.bookLookup())
            .encodeResponse(status: .created, for: req)
    }

    func vote(req: Request) async throws -> ClubProposalDTO {
        try await req.clubProposals().vote(in: try Self.clubID(req), for: try req.uuidParameter("proposalId"))
    }

    func unvote(req: Request) async throws -> ClubProposalDTO {
        try await req.clubProposals().unvote(in: try Self.clubID(req), for: try req.uuidParameter("proposalId"))
    }

    func pick(req: Request) async throws -> ClubProposalDTO {
        try await req.clubProposals().pick(in: try Self.clubID(req), try req.uuidParameter("proposalId"))
    }

    // MARK: feed and discussion

    func activity(req: Request) async throws -> Page<ClubActivityDTO> {
        let before = try req.query.get(String?.self, at: "cursor").map { raw in
            guard let id = Int(raw) else {
                throw DomainError.badRequest("'\(raw)' is not a cursor from this feed", field: "cursor")
            }
            return id
        }
        return try await req.clubFeed().activity(in: try Self.clubID(req), before: before)
    }

    func comments(req: Request) async throws -> Page<ClubCommentDTO> {
        let cursor = try Self.optionalUUID(req, "cursor")
        let reveal = try Self.optionalUUID(req, "reveal")
        return try await req.clubFeed().comments(in: try Self.clubID(req), before: cursor, reveal: reveal)
    }

    func postComment(req: Request) async throws -> Response {
        let body = try req.content.decode(ClubCommentRequest.self)
        return try await req.clubFeed().post(in: try Self.clubID(req), body.draft, parentID: body.parentId, noteID: body.noteId)
            .encodeResponse(status: .created, for: req)
    }

    func comment(req: Request) async throws -> ClubCommentDTO {
        let reveal = try req.query.get(Bool?.self, at: "reveal") ?? false
        return try await req.clubFeed().comment(try req.uuidParameter("id"), reveal: reveal)
    }

    func editComment(req: Request) async throws -> ClubCommentDTO {
        let body = try req.content.decode(ClubCommentRequest.self)
        return try await req.clubFeed().edit(try req.uuidParameter("id"), body.draft)
    }

    func deleteComment(req: Request) async throws -> HTTPStatus {
        try await req.clubFeed().delete(try req.uuidParameter("id"))
        return .noContent
    }

    func events(req: Request) async throws -> Response {
        try await ClubEventStream.response(for: req, clubID: try Self.clubID(req))
    }

    // MARK: helpers

    static func clubID(_ req: Request) throws -> UUID {
        // A malformed id is a club that does not exist, like any other unknown id.
        guard let raw = req.parameters.get("id"), let id = UUID(uuidString: raw) else { throw ClubMembershipService.clubNotFound }
        return id
    }

    static func optionalUUID(_ req: Request, _ name: String) throws -> UUID? {
        guard let raw = try req.query.get(String?.self, at: name) else { return nil }
        guard let id = UUID(uuidString: raw) else {
            throw DomainError.badRequest("'\(raw)' is not a valid id (a UUID)", field: name)
        }
        return id
    }
}
