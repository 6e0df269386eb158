import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/`: the API's home, as a page.
package struct HomePage {
    package func show(req: Request) async throws -> Response {
        try await show(req, refused: nil)
    }

    /// Home, with a page typed on a card and refused (422, the card shows why and what was typed),
    /// or after a saved page (`?saved={entry}`: a short confirmation on that card).
    package func show(_ req: Request, refused: Home.RefusedPage?) async throws -> Response {
        let home = try await req.homeService().home()
        var model = Home.Model(
            greeting: home.greeting, displayName: home.displayName,
            currentlyReading: home.currentlyReading.map(BookSummary.init),
            recentlyFinished: home.recentlyFinished.map(BookSummary.init),
            readAllTime: home.stats.readAllTime, readThisYear: home.stats.readThisYear, pagesThisYear: home.stats.pagesThisYear,
            session: try req.requirePageSession())
        model.readingCount = home.readingCount
        model.clubs = home.clubs.map {
            ClubsIndex.Summary(
                id: $0.id, name: $0.name, memberCount: $0.memberCount, currentBook: $0.currentBook?.work.title,
                role: $0.role ?? "member")
        }
        model.goals = home.goals.map {
            Home.Goal(
                summary: $0.summary, done: $0.progress.done, target: $0.progress.target, percent: $0.progress.percent,
                standing: Self.standing($0.progress))
        }
        model.refusedPage = refused
        model.justLogged = refused == nil ? req.query[UUID.self, at: "saved"] : nil
        let response = Response(html: Home.View.render(model))
        if refused != nil { response.status = .unprocessableEntity }
        return response
    }

    /// "3 ahead", "2 behind", "on track": a goal's standing in words, in its unit's numbers.
    package static func standing(_ progress: GoalRecord.Progress) -> String {
        switch progress.standing {
        case "complete": return "done"
        case "ahead": return "\(progress.difference) ahead of a steady pace"
        case "behind": return "\(-progress.difference) behind a steady pace"
        case "onTrack": return "on track"
        case "missed": return "missed"
        default: return "not started yet"
        }
    }
}
