import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/library`: the API's list (same filters, sorts, search and match reasons) as a page; with
/// `partial=1` only the results, for live search.
package struct LibraryPages {
    package func index(req: Request) async throws -> Response {
        let filter = try LibraryFilter(query: req.url.query)
        let library = try req.libraryQuery()
        let page = try await library.page(filter)
        let query: String? = req.query["q"]
        let tag: String? = req.query["tag"]
        let sort: String? = req.query["sort"]
        var model = LibraryIndex.Model(
            query: query ?? "", statuses: filter.statuses, tag: tag.flatMap { $0.isEmpty ? nil : $0 },
            sort: sort ?? "added", items: page.items.map(BookSummary.init), allTags: try await library.tagNames(),
            nextCursor: page.nextCursor, libraryIsEmpty: page.items.isEmpty ? try await library.isEmpty() : false,
            session: try req.requirePageSession())
        model.lists = try await req.lists().ownCustomLists().map {
            ListChoice(id: $0.id, name: $0.name)
        }
        if req.query["partial"] == "1" {
            return Response(htmlFragment: LibraryIndex.View.resultsFragment(model))
        }
        return Response(html: LibraryIndex.View.render(model))
    }
}
