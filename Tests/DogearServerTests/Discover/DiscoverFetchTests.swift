import DogearTestSupport
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Discover: books fetched for the genres readers like")
struct DiscoverFetchTests {
    @Test("a liked genre's subject search on both sources is saved into the catalog, rated, and dealt; not asked again this week")
    func fetchesLikedGenres() async throws {
        try await withStubbedDogear { app, stub in
            stub.stub(
                "/books/v1/volumes", queryContains: "subject",
                data: try #require(SharedFixtures.data("googlebooks/search-children-of-time-2015.json")))
            stub.stub(
                "/search.json", queryContains: "subject",
                data: try #require(SharedFixtures.data("openlibrary/search-json-time-war-bookwyrm.json")))
            var catalog = try await DiscoverCatalogFixture(app)
            let liked = try await catalog.add("A Liked Book", genres: ["Science Fiction"])
            let reader = try await app.signUp()
            #expect(try await app.swipe(reader, liked, "right").status == .created)

            let fetch = DiscoverFetch(db: app.db, chain: app.lookupChain, logger: app.logger, now: app.clock.now)
            let report = try await fetch.runOnce()
            #expect(report.genres == ["science-fiction"])
            #expect(report.saved >= 3)
            let asked = stub.requests
            #expect(asked.contains { $0.contains("/books/v1/volumes") && $0.contains("subject") && $0.contains("science") })
            #expect(asked.contains { $0.contains("/search.json") && $0.contains("subject") })

            // Saved with the source's rating, and under the genre it was fetched for.
            let rows = try await app.db.sql.raw(
                "SELECT id, source_average_rating, source_ratings_count FROM works WHERE title = 'Children of Time'"
            ).all()
            let row = try #require(rows.first)
            #expect(try row.decode(column: "source_average_rating", as: Double?.self) == 4)
            #expect(try row.decode(column: "source_ratings_count", as: Int?.self) == 49)
            let deck = try await app.deck(reader, count: 20)
            #expect(deck.cards.contains { $0.title == "Children of Time" })

            let requests = stub.requestCount
            #expect(try await fetch.runOnce().genres.isEmpty)
            #expect(stub.requestCount == requests)
        }
    }

    @Test("offline, nothing is fetched and the deck says why it ran dry")
    func offline() async throws {
        try await withStubbedDogear(offline: true) { app, stub in
            var catalog = try await DiscoverCatalogFixture(app)
            let liked = try await catalog.add("A Liked Book", genres: ["Fantasy"])
            let reader = try await app.signUp()
            try await app.swipe(reader, liked, "right")
            let report = try await DiscoverFetch(db: app.db, chain: app.lookupChain, logger: app.logger, now: app.clock.now)
                .runOnce()
            #expect(report.saved == 0)
            #expect(stub.requestCount == 0)
            let deck = try await app.deck(reader, count: 20)
            #expect(deck.runDry && !deck.online)
            #expect(deck.message?.contains("Dogear is offline") == true)
        }
    }
}
