import DogearCore
import DogearServices
import Vapor

/// `/api/v1/clubs/{id}/meetings` and `/api/v1/meetings/{id}`: a club's meetings, date polls and
/// RSVPs. Each handler decodes, calls `ClubMeetingService`, and encodes.
package struct MeetingController: Sendable {
    package func register(_ signedIn: RoutesBuilder) {
        signedIn.get("clubs", ":id", "meetings", use: list)
        signedIn.post("clubs", ":id", "meetings", use: create).batchable()
        signedIn.get("meetings", ":id", use: show)
        signedIn.patch("meetings", ":id", use: update).batchable()
        signedIn.delete("meetings", ":id", use: cancel).batchable()
        signedIn.put("meetings", ":id", "votes", use: vote).batchable()
        signedIn.post("meetings", ":id", "decide", use: decide).batchable()
        signedIn.put("meetings", ":id", "rsvp", use: answer).batchable()
    }

    func list(req: Request) async throws -> [MeetingDTO] {
        try await req.clubMeetings().meetings(in: try req.clubIDParameter()).map(MeetingDTO.init)
    }

    func create(req: Request) async throws -> Response {
        let body = try req.content.decode(CreateMeetingRequest.self)
        let meeting = try await req.clubMeetings().create(
            in: try req.clubIDParameter(), body.draft, milestoneID: body.milestoneId)
        return try await MeetingDTO(meeting).encodeResponse(status: .created, for: req)
    }

    func show(req: Request) async throws -> MeetingDTO {
        MeetingDTO(try await req.clubMeetings().meeting(try meetingID(req)))
    }

    func update(req: Request) async throws -> MeetingDTO {
        let body = try req.content.decode(UpdateMeetingRequest.self)
        return MeetingDTO(
            try await req.clubMeetings().update(
                try meetingID(req), body.draft, milestoneID: body.milestoneId.change, clear: try body.cleared()))
    }

    func cancel(req: Request) async throws -> HTTPStatus {
        try await req.clubMeetings().cancel(try meetingID(req))
        return .noContent
    }

    func vote(req: Request) async throws -> MeetingDTO {
        let body = try req.content.decode(MeetingVotesRequest.self)
        return MeetingDTO(try await req.clubMeetings().vote(try meetingID(req), optionIDs: body.options))
    }

    func decide(req: Request) async throws -> MeetingDTO {
        let body = try req.content.decode(DecideMeetingRequest.self)
        return MeetingDTO(try await req.clubMeetings().decide(try meetingID(req), optionID: body.optionId))
    }

    func answer(req: Request) async throws -> MeetingDTO {
        let body = try req.content.decode(MeetingAnswerRequest.self)
        return MeetingDTO(try await req.clubMeetings().answer(try meetingID(req), body.answer))
    }

    /// A malformed id is a meeting that does not exist, like any other unknown id (a 404).
    private func meetingID(_ req: Request) throws -> UUID {
        guard let raw = req.parameters.get("id"), let id = UUID(uuidString: raw) else {
            throw ClubMeetingService.meetingNotFound
        }
        return id
    }
}
