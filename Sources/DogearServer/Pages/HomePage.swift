import DogearViews
import Vapor

/// `/`: the API's home, as a page.
struct HomePage {
    func show(req: Request) async throws -> Response {
        let home = try await req.homeService().home()
        var model = Home.Model(
            greeting: home.greeting, displayName: home.displayName,
            currentlyReading: home.currentlyReading.map(BookSummary.init),
            recentlyFinished: home.recentlyFinished.map(BookSummary.init),
            readAllTime: home.stats.readAllTime, readThisYear: home.stats.readThisYear, pagesThisYear: home.stats.pagesThisYear,
            session: try req.requirePageSession())
        model.clubs = home.clubs.map {
            ClubsIndex.Summary(
                id: $0.id, name: $0.name, memberCount: $0.memberCount, currentBook: $0.currentBook?.work.title,
                role: $0.role ?? "member")
        }
        return Response(html: Home.View.render(model))
    }
}
