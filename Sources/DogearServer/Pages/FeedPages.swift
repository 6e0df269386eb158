import DogearServices
import DogearViews
import Vapor

/// `/profile/feeds`: the feeds' addresses through `ReaderFeedService` (as `/api/v1/feeds`).
package struct FeedPages {
    package func show(req: Request) async throws -> Response {
        let secret = try await service(req).secret()
        var model = try model(req, secret: secret)
        model.calendarURL = try await calendar(req).secret().map { "\(req.application.baseURL)/cal/\($0).ics" }
        return Response(html: FeedAddresses.View.render(model))
    }

    package func make(req: Request) async throws -> Response {
        _ = try await service(req).make()
        return .seeOther(SiteURL.feeds)
    }

    package func revoke(req: Request) async throws -> Response {
        try await service(req).revoke()
        return .seeOther(SiteURL.feeds)
    }

    package func makeCalendar(req: Request) async throws -> Response {
        _ = try await calendar(req).make()
        return .seeOther(SiteURL.feeds)
    }

    package func revokeCalendar(req: Request) async throws -> Response {
        try await calendar(req).revoke()
        return .seeOther(SiteURL.feeds)
    }

    private func calendar(_ req: Request) throws -> CalendarFeedService {
        CalendarFeedService(db: req.database, userID: try req.currentUserID(), now: req.application.clock.now())
    }

    private func model(_ req: Request, secret: String?) throws -> FeedAddresses.Model {
        let addresses = FeedAddressesRecord(secret: secret, baseURL: req.application.baseURL)
        return FeedAddresses.Model(
            finishedURL: addresses?.finished, wantToReadURL: addresses?.wantToRead, session: try req.requirePageSession())
    }

    private func service(_ req: Request) throws -> ReaderFeedService {
        ReaderFeedService(db: req.database, userID: try req.currentUserID(), now: req.application.clock.now())
    }
}
