import DogearCore
import Foundation

/// Open Library: `/isbn/{isbn}.json` (a redirect to the edition) with the work and authors it points
/// to, and `/search.json` for text. Covers come from the covers service.
public struct OpenLibraryClient: BookSource {
    public let name = "openLibrary"
    let http: SourceHTTPClient
    let baseURL: String
    let coversBaseURL: String

    public init(
        http: SourceHTTPClient, baseURL: String = "https://openlibrary.org",
        coversBaseURL: String = "https://covers.openlibrary.org"
    ) {
        self.http = http
        self.baseURL = baseURL.trimmingSuffix("/")
        self.coversBaseURL = coversBaseURL.trimmingSuffix("/")
    }

    public func lookup(isbn: ISBN) async throws(SourceError) -> FoundBook? {
        guard let edition = try await http.getJSON("\(baseURL)/isbn/\(isbn.isbn13).json", as: OLEdition.self) else {
            // The books API resolves a few ISBNs the /isbn/ route does not (those recorded on other
            // identifiers); one more request before giving up on Open Library.
            return try await booksAPI(isbn)
        }
        // The work and authors add the description, subjects and names. The edition alone is still
        // a useful answer, so a failure there only leaves those fields empty.
        var work: OLWork?
        if let key = edition.works?.first?.key, key.hasPrefix("/works/") {
            work = try? await http.getJSON("\(baseURL)\(key).json", as: OLWork.self)
        }
        let authorKeys = (edition.authors?.map(\.key) ?? work?.authors?.compactMap { $0.author?.key } ?? [])
            .filter { $0.hasPrefix("/authors/") }
        var names: [String] = []
        for key in authorKeys.prefix(10) {
            if let author = try? await http.getJSON("\(baseURL)\(key).json", as: OLAuthor.self),
                let name = author.name ?? author.personal_name
            {
                names.append(name)
            }
        }
        return FoundBook(
            draft: OpenLibraryMapping.draft(
                edition: edition, work: work, authors: names, isbn: isbn,
                baseURL: baseURL, coversBaseURL: coversBaseURL),
            source: .openLibrary)
    }

    func booksAPI(_ isbn: ISBN) async throws(SourceError) -> FoundBook? {
        let key = "ISBN:\(isbn.isbn13)"
        let url = "\(baseURL)/api/books?bibkeys=\(key)&format=json&jscmd=data"
        // An unknown ISBN answers {} rather than 404.
        guard let records = try await http.getJSON(url, as: [String: OLBooksAPIRecord].self),
            let record = records[key] ?? records.values.first
        else { return nil }
        return FoundBook(
            draft: OpenLibraryMapping.draft(booksAPI: record, isbn: isbn, coversBaseURL: coversBaseURL),
            source: .openLibrary)
    }

    public func search(_ query: String, limit: Int) async throws(SourceError) -> [FoundBook] {
        let fields =
            "key,title,subtitle,author_name,isbn,first_publish_year,cover_i,number_of_pages_median,publisher,subject,language,ratings_average,ratings_count"
        let url = "\(baseURL)/search.json?q=\(query.urlQueryEncoded)&limit=\(limit)&fields=\(fields)"
        guard let result = try await http.getJSON(url, as: OLSearch.self) else { return [] }
        return (result.docs ?? []).compactMap { doc in
            OpenLibraryMapping.draft(searchDoc: doc, baseURL: baseURL, coversBaseURL: coversBaseURL).map {
                FoundBook(
                    draft: $0, source: .openLibrary, rating: SourceRating(average: doc.ratings_average, count: doc.ratings_count))
            }
        }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        var text = self
        while text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        return text
    }

    var urlQueryEncoded: String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return (addingPercentEncoding(withAllowedCharacters: allowed) ?? self).replacingOccurrences(of: "%20", with: "+")
    }
}
