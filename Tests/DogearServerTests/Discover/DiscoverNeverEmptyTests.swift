import DogearTestSupport
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A catalog of imported books has no genres, so a deck dealt by genre alone came up empty while
/// hundreds of books waited. The deck now tops up from the catalog; Undo and the counts wait for a
/// first swipe.
@Suite("Discover: never an empty deck while the catalog has books")
struct DiscoverNeverEmptyTests {
    @Test("a new reader's deck, over a catalog of a 619-row import with no genres, is full; Undo comes with a swipe")
    func toppedUp() async throws {
        try await withDogear { app in
            let bea = try await app.signUp("bea@example.com")
            let data = try #require(SharedFixtures.data("goodreads/romneyda-619rows-31col.csv"))
            #expect(try await app.importFile(bea, data).status == "done")

            let ann = WebClient(app)
            try await ann.signUp()
            let token = try await app.signIn("ann@example.com")
            let deck = try await app.deck(token, count: 10)
            #expect(deck.cards.count == 10)
            #expect(!deck.runDry)
            #expect(deck.cards.contains { $0.reasonKind == "inTheCatalog" })
            #expect(Set(deck.cards.map(\.workId)).count == 10)

            let page = try await ann.get("/discover").body
            #expect(page.contains("On this server&#39;s shelves") || page.contains("On this server's shelves"))
            #expect(!page.contains("Undo the last swipe"))
            #expect(page.contains("No swipes yet"))
            let swiped = try await app.swipe(token, deck.cards[0].workId, "left")
            #expect(swiped.status.code < 300, "\(swiped.status) \(swiped.body)")
            let after = try await ann.get("/discover").body
            #expect(after.contains("Undo the last swipe"))
            // The swiped book does not come back.
            #expect(!(try await app.deck(token, count: 10)).cards.map(\.workId).contains(deck.cards[0].workId))
        }
    }
}
