import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A catalog for discover tests, made the way a real one is: another reader adds the books.
struct DiscoverCatalogFixture {
    let app: Application
    let curator: String
    /// Title → work id.
    var works: [String: UUID] = [:]

    init(_ app: Application) async throws {
        self.app = app
        curator = try await app.signUp("curator@example.com", name: "Curator")
    }

    /// Adds a book to the curator's library (so to the catalog) with a cover and a description.
    @discardableResult
    mutating func add(
        _ title: String, genres: [String], author: String = "Ann Author", pages: Int = 320, year: Int = 2019,
        cover: Bool = true, description: Bool = true
    ) async throws -> UUID {
        var book: [String: Any] = [
            "title": title, "authors": [author], "pageCount": pages, "genres": genres, "firstPublishedYear": year,
        ]
        if cover { book["coverUrl"] = "https://covers.example.org/\(works.count).jpg" }
        if description { book["description"] = "A book called \(title)." }
        let reply = try await app.send(.POST, "/api/v1/library", token: curator, json: ["book": book])
        guard reply.status == .created else { throw TestFailure("\(title): \(reply.body)") }
        let id = try reply.entry.work.id
        works[title] = id
        return id
    }
}

extension Application {
    func deck(_ token: String, count: Int = 20) async throws -> DeckDTO {
        let reply = try await send(.GET, "/api/v1/discover/deck?count=\(count)", token: token)
        guard reply.status == .ok else { throw TestFailure("deck: \(reply.status) \(reply.body)") }
        return try reply.decode()
    }

    func preferences(_ token: String) async throws -> DiscoverPreferencesDTO {
        let reply = try await send(.GET, "/api/v1/discover/preferences", token: token)
        guard reply.status == .ok else { throw TestFailure("preferences: \(reply.status) \(reply.body)") }
        return try reply.decode()
    }

    @discardableResult
    func swipe(_ token: String, _ workID: UUID, _ action: String, listId: String? = nil) async throws -> Reply {
        var body: [String: Any] = ["workId": workID.uuidString, "action": action]
        if let listId { body["listId"] = listId }
        return try await send(.POST, "/api/v1/discover/swipes", token: token, json: body)
    }
}

extension DiscoverPreferencesDTO {
    func genre(_ key: String) -> Int { genres.first { $0.key == key }?.score ?? 0 }
    func author(named name: String) -> Int { authors.first { $0.label == name }?.score ?? 0 }
}
