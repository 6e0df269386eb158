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
        if page.items.isEmpty, let query, !query.isEmpty, filter.cursor == nil {
            model.suggestions = try await library.nearSpellings(of: query).map { .init(label: $0.label, query: $0.query) }
        }
        if req.query["partial"] == "1" {
            return Response(htmlFragment: LibraryIndex.View.resultsFragment(model))
        }
        // The rest only the whole page shows (live search replaces the results alone).
        model.lists = try await req.lists().ownListNames().map { ListChoice(id: $0.id.uuidString, name: $0.name) }
        let shelves = try await library.shelves()
        model.shelves = .init(total: shelves.total, counts: ShelfCounts.order.map { .init(status: $0, count: shelves.count($0)) })
        return Response(htmlPage: LibraryIndex.View.page(model))
    }
}
