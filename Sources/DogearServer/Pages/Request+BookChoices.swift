import DogearCore
import DogearStore
import DogearViews
import Vapor

extension Request {
    /// The books a link form offers: the first twenty the search box's words find in the
    /// reader's library (its latest when there are none). The words are search terms, not a URL
    /// query to parse.
    func bookChoices(matching words: String) async throws -> [BookChoice] {
        var filter = try LibraryFilter(query: nil)
        filter.terms = SearchTerms(words)
        filter.limit = 20
        return try await libraryQuery().page(filter).items.map { BookChoice(entryID: $0.id, title: $0.work.title) }
    }
}
