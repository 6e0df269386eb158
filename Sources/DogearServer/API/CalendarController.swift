import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/api/v1/calendar`: the address of the reader's calendar feed (made, made again, revoked), and
/// the feed itself at `/cal/{secret}.ics`, read signed out by the calendar apps that hold the
/// address (an unknown or revoked one is 404). Like the reading feeds' addresses, a session's
/// only: the secret would outlive an app's token.
package struct CalendarController: Sendable {
    package func register(api signedIn: RoutesBuilder, public app: RoutesBuilder) {
        signedIn.get("calendar", use: address)
        signedIn.post("calendar", use: make)
        signedIn.delete("calendar", use: revoke)
        app.get("cal", ":file", use: calendar)
    }

    func address(req: Request) async throws -> CalendarAddressDTO {
        try req.requireFeedAccess(.showAddresses)
        return CalendarAddressDTO(secret: try await service(req).secret(), baseURL: req.application.baseURL)
    }

    func make(req: Request) async throws -> Response {
        try req.requireFeedAccess(.changeAddresses)
        let secret = try await service(req).make()
        return try await CalendarAddressDTO(secret: secret, baseURL: req.application.baseURL).encodeResponse(
            status: .created, for: req)
    }

    func revoke(req: Request) async throws -> HTTPStatus {
        try req.requireFeedAccess(.changeAddresses)
        try await service(req).revoke()
        return .noContent
    }

    func calendar(req: Request) async throws -> Response {
        let contents = CalendarContents(db: req.db)
        guard let file = req.parameters.get("file"), file.hasSuffix(".ics"),
            let owner = try await contents.owner(String(file.dropLast(4)))
        else { throw DomainError.notFound(.feedNotFound, "no such calendar") }
        let base = req.application.baseURL
        let meetings = try await contents.meetings(of: owner.userID).map { meeting in
            ClubCalendar.Meeting(
                id: meeting.id, clubName: meeting.clubName, title: meeting.title, startsAt: meeting.startsAt,
                endsAt: meeting.endsAt, place: meeting.place, link: meeting.link, timeZone: meeting.timeZone,
                sequence: meeting.sequence, cancelled: meeting.cancelled, updatedAt: meeting.updatedAt,
                url: base + SiteURL.club(meeting.clubID).path)
        }
        let milestones = try await contents.milestones(of: owner.userID).map { milestone in
            ClubCalendar.Milestone(
                id: milestone.id, clubName: milestone.clubName,
                summary: ClubCalendar.milestoneSummary(
                    label: milestone.label, page: milestone.page, percent: milestone.percent, bookTitle: milestone.bookTitle),
                dueOn: milestone.dueOn, sequence: milestone.sequence, updatedAt: milestone.updatedAt,
                url: base + SiteURL.club(milestone.clubID).path)
        }
        let body = ClubCalendar.document(
            name: "\(owner.displayName)'s clubs (Dogear)", meetings: meetings, milestones: milestones,
            now: req.application.clock.now())
        return Response(status: .ok, headers: ["Content-Type": "text/calendar; charset=utf-8"], body: .init(string: body))
    }

    private func service(_ req: Request) throws -> CalendarFeedService {
        CalendarFeedService(db: req.database, userID: try req.currentUserID(), now: req.application.clock.now())
    }

    package init() {}
}

/// The calendar feed's address; null when the reader has none.
package struct CalendarAddressDTO: Content {
    @Nullable package var url: String?

    init(secret: String?, baseURL: String) {
        url = secret.map { "\(baseURL)/cal/\($0).ics" }
    }
}
