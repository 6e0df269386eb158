import DogearCore
import DogearViews
import Fluent
import Vapor

/// `/library`: the API's list (same filters, sorts, search and match reasons) as a page; with
/// `partial=1` only the results, for live search.
struct LibraryPages {
    func index(req: Request) async throws -> Response {
        let user = try req.currentUser()
        let page = try await LibraryController().list(req: req)
        let filter = try LibraryFilter(query: req.url.query)
        let tags = try await Tag.query(on: req.db).filter(\.$user.$id == user.requireID()).sort(\.$key).all().map(\.display)
        let isEmpty = page.items.isEmpty
            ? try await LibraryEntry.query(on: req.db).filter(\.$user.$id == user.requireID()).count() == 0
            : false
        let query: String? = req.query["q"]
        let tag: String? = req.query["tag"]
        let sort: String? = req.query["sort"]
        let model = LibraryIndex.Model(
            query: query ?? "", statuses: filter.statuses, tag: tag.flatMap { $0.isEmpty ? nil : $0 },
            sort: sort ?? "added", items: page.items.map(BookSummary.init), allTags: tags,
            nextCursor: page.nextCursor, libraryIsEmpty: isEmpty, session: try req.requirePageSession())
        if req.query["partial"] == "1" {
            return Response(headers: ["Content-Type": "text/html; charset=utf-8"], body: .init(string: LibraryIndex.View.resultsFragment(model)))
        }
        return Response(html: LibraryIndex.View.render(model))
    }
}
