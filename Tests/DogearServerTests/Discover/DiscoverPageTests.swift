import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Discover page: every action a form that works without a script")
struct DiscoverPageTests {
    /// The work ids of the deck's cards, in order, as the page lists them.
    static func deck(_ body: String) -> [String] {
        body.components(separatedBy: "data-work=\"").dropFirst().map { String($0.prefix(36)) }
    }

    @Test("swipe with the buttons, undo puts the book back on top, refusals are said on the page")
    func formsWithoutScript() async throws {
        try await withDogear { app in
            var catalog = try await DiscoverCatalogFixture(app)
            for genre in ["Fantasy", "Romance", "History"] {
                for number in 1...3 { try await catalog.add("\(genre) \(number)", genres: [genre]) }
            }
            let web = WebClient(app)
            try await web.signUp()
            let first = try await web.get("/discover")
            #expect(first.status == .ok)
            #expect(first.body.contains("<h1>Discover</h1>"))
            #expect(first.body.contains("Want to Read"))
            // No counts and no Undo before the first swipe (DiscoverNeverEmptyTests).
            #expect(first.body.contains("No swipes yet"))
            let cards = Self.deck(first.body)
            #expect(cards.count == 9)
            let top = try #require(cards.first)

            let swiped = try await web.post("/discover/swipe", [("workId", top), ("action", "left"), ("listId", "want-to-read")])
            #expect(swiped.status == .seeOther)
            #expect(swiped.location == "/discover?list=want-to-read")
            let after = try await web.get("/discover?list=want-to-read")
            #expect(!Self.deck(after.body).contains(top))
            #expect(after.body.contains("1 interaction ·"))

            let undone = try await web.post("/discover/undo", [])
            #expect(undone.status == .seeOther)
            let back = try await web.get(try #require(undone.location))
            #expect(Self.deck(back.body).first == top)
            #expect(back.body.contains("Your last swipe is undone."))
            #expect(back.body.contains("Back from your last swipe"))

            let refused = try await web.post("/discover/swipe", [("workId", top), ("action", "sideways")])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("must be right, left or bookmark"))
            #expect(Self.deck(refused.body).count == 9)  // the deck is still there to carry on with

            // A right swipe from the button: the book joins the library as Want to Read.
            let right = try await web.post("/discover/swipe", [("workId", top), ("action", "right")])
            #expect(right.status == .seeOther)
            let library = try await web.get("/library")
            #expect(library.body.contains("Fantasy") || library.body.contains("Romance") || library.body.contains("History"))

            let fragment = try await web.get("/discover?partial=cards")
            #expect(!fragment.body.contains("<html"))
            #expect(!Self.deck(fragment.body).contains(top))
        }
    }
}
