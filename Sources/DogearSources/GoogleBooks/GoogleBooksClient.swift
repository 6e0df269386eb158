import DogearCore
import Foundation

/// Google Books: `/books/v1/volumes?q=isbn:…` and text search (40 results by relevance, books only),
/// with an optional API key.
public struct GoogleBooksClient: BookSource {
    public let name = "googleBooks"
    let http: SourceHTTPClient
    let baseURL: String
    let apiKey: String?
    let coversBaseURL: String

    public init(
        http: SourceHTTPClient, baseURL: String = "https://www.googleapis.com", apiKey: String? = nil,
        coversBaseURL: String = "https://covers.openlibrary.org"
    ) {
        self.http = http
        self.baseURL = baseURL.trimmingSuffix("/")
        self.apiKey = apiKey
        self.coversBaseURL = coversBaseURL.trimmingSuffix("/")
    }

    public func lookup(isbn: ISBN) async throws(SourceError) -> FoundBook? {
        guard let answer = try await http.getJSON(url(query: "isbn:\(isbn.isbn13)", extra: ""), as: GBVolumes.self) else {
            return nil
        }
        let volumes = answer.items ?? []
        // Google sometimes answers an ISBN query with related volumes; prefer the one carrying it.
        let exact = volumes.first { volume in
            (volume.volumeInfo?.industryIdentifiers ?? []).contains {
                guard let id = $0.identifier, let parsed = try? ISBN(id) else { return false }
                return parsed.isbn13 == isbn.isbn13
            }
        }
        guard let volume = exact ?? volumes.first,
            let draft = GoogleBooksMapping.draft(volume, isbn: isbn, coversBaseURL: coversBaseURL)
        else { return nil }
        return FoundBook(draft: draft, source: .googleBooks)
    }

    public func search(_ query: String, limit: Int) async throws(SourceError) -> [FoundBook] {
        let extra = "&maxResults=\(min(max(limit, 1), 40))&orderBy=relevance&printType=books"
        guard let answer = try await http.getJSON(url(query: query, extra: extra), as: GBVolumes.self) else { return [] }
        return (answer.items ?? [])
            .filter { ($0.volumeInfo?.printType ?? "BOOK") == "BOOK" }
            .compactMap { volume in
                GoogleBooksMapping.draft(volume, isbn: nil, coversBaseURL: coversBaseURL).map {
                    FoundBook(
                        draft: $0, source: .googleBooks,
                        rating: SourceRating(average: volume.volumeInfo?.averageRating, count: volume.volumeInfo?.ratingsCount))
                }
            }
    }

    private func url(query: String, extra: String) -> String {
        var url = "\(baseURL)/books/v1/volumes?q=\(query.urlQueryEncoded)\(extra)"
        if let apiKey, !apiKey.isEmpty { url += "&key=\(apiKey.urlQueryEncoded)" }
        return url
    }
}
