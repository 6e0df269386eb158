import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/year/{year}` (the reader's year in books, its share and revoke buttons) and `/y/{token}` (the
/// shared summary, readable signed out), through the `YearService` the API's `/api/v1/years` calls.
package struct YearPages {
    package func show(req: Request) async throws -> Response {
        let user = try req.currentUser()
        let year = try Self.year(req)
        let summary = try await req.years().summary(of: user, year: year)
        var model = Self.model(summary, session: try req.requirePageSession(), shared: false)
        model.goals = summary.goals.map(GoalPages.row)
        return Response(html: YearPage.View.render(model))
    }

    package func share(req: Request) async throws -> Response {
        let year = try Self.year(req)
        _ = try await req.years().share(for: try req.currentUser(), year: year)
        return .seeOther(SiteURL.year(year).with(fragment: "share"))
    }

    package func unshare(req: Request) async throws -> Response {
        let year = try Self.year(req)
        try await req.years().unshare(for: try req.currentUser(), year: year)
        return .seeOther(SiteURL.year(year).with(fragment: "share"))
    }

    /// Signed in or not; a revoked or unknown token is the not-found page.
    package func shared(req: Request) async throws -> Response {
        let token = req.parameters.get("token") ?? ""
        let summary = try await req.years().shared(token: token)
        let response = Response(html: YearPage.View.render(Self.model(summary, session: req.pageSession, shared: true)))
        // The address is the secret: kept out of search engines (and the site's Referrer-Policy,
        // same-origin, never sends it to another site).
        response.headers.replaceOrAdd(name: "X-Robots-Tag", value: "noindex")
        return response
    }

    package static func year(_ req: Request) throws -> Int {
        guard let year = req.parameters.get("year").flatMap(Int.init), GoalDraft.years.contains(year) else {
            throw PageError(status: .notFound, message: "There is no such year.")
        }
        return year
    }

    package static func model(_ summary: YearRecord, session: PageSession?, shared: Bool) -> YearPage.Model {
        var model = YearPage.Model(session: session, year: summary.year, ownerName: summary.ownerName, isShared: shared)
        model.books = summary.books
        model.pages = summary.pages
        model.minutes = summary.minutes
        model.averageRating = summary.averageRating
        let months = zip(summary.byMonth, Heatmap.monthNames)
        model.booksByMonth = months.map { Chart.Point($1, $0.books) }
        model.pagesByMonth = months.map { Chart.Point($1, $0.pages) }
        func named(_ label: String, _ book: StatsReport.BookRef?, _ detail: (StatsReport.BookRef) -> String) -> YearPage.Named? {
            book.map { YearPage.Named(label: label, title: $0.title, detail: detail($0), entryID: shared ? nil : $0.entryId) }
        }
        let pages = { (book: StatsReport.BookRef) in book.pages.map { "\($0) pages" } ?? "" }
        let stars = { (book: StatsReport.BookRef) in book.rating.map { "\($0) of 5 stars" } ?? "" }
        let day = { (book: StatsReport.BookRef) in book.date.map { "finished \($0)" } ?? "" }
        model.named = [
            named("First book of the year", summary.first, day), named("Last book of the year", summary.last, day),
            named("Highest rated", summary.highestRated, stars), named("Shortest book", summary.shortest, pages),
            named("Longest book", summary.longest, pages),
        ].compactMap { $0 }
        model.mostReadAuthor = summary.mostReadAuthor.map { "\($0.name), \($0.books == 1 ? "1 book" : "\($0.books) books")" }
        model.topGenres = summary.topGenres.map { Chart.Point($0.name, $0.books) }
        model.shareUrl = shared ? nil : summary.shareUrl
        return model
    }
}
