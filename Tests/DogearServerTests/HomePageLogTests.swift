import DogearTestSupport
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Logging today's page from Home: one field and one press, without a script; a refused page comes
/// back on its card with what was typed.
@Suite("Home: the page you are on, in one step")
struct HomePageLogTests {
    @Test("type the page on a reading card and save; a page past the last or not a number stays on the card")
    func pageFromHome() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp()
            let id = try await ann.addBook(BookFormRefusalTests.piranesi)
            var home = try await ann.get("/")
            #expect(home.body.contains("I&#39;m on page") || home.body.contains("I'm on page"))
            #expect(home.body.contains("of 272"))

            let saved = try await ann.post("/books/\(id)/progress", [("page", "120"), ("back", "/")])
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/?saved=\(id)")
            home = try await ann.get(try #require(saved.location))
            #expect(home.body.contains("Saved: page 120."))
            #expect(home.body.contains("name=\"page\" class=\"page-input\""))
            #expect(home.body.contains("value=\"120\""))

            let past = try await ann.post("/books/\(id)/progress", [("page", "400"), ("back", "/")])
            #expect(past.status == .unprocessableEntity)
            #expect(past.body.contains("is past the last page (272); got 400"))
            #expect(past.body.contains("value=\"400\""))
            #expect(past.body.contains("aria-invalid=\"true\""))

            let words = try await ann.post("/books/\(id)/progress", [("page", "one twenty"), ("back", "/")])
            #expect(words.status == .unprocessableEntity)
            #expect(words.body.contains("enter the page you are on, as a number"))
            #expect(words.body.contains("value=\"one twenty\""))

            // Neither refusal changed the page.
            #expect(try await ann.get("/").body.contains("Page 120 of 272"))

            // A page for a book no longer on the go (finished in another tab) is said at the top.
            let elsewhere = WebClient(app)
            elsewhere.cookies = ann.cookies
            try await elsewhere.get("/")
            try await elsewhere.must("/books/\(id)/status", [("status", "read"), ("back", "/")])
            let stale = try await ann.post("/books/\(id)/progress", [("page", "130"), ("back", "/")])
            #expect(stale.status == .unprocessableEntity)
            #expect(stale.body.contains("The page was not saved:"))
            try await ann.must("/books/\(id)/status", [("status", "reading"), ("back", "/")])
            try await ann.must("/books/\(id)/progress", [("page", "120"), ("back", "/")])

            // "Finished" marks it read: it leaves Currently reading for Recently finished.
            let finished = try await ann.post("/books/\(id)/status", [("status", "read"), ("back", "/")])
            #expect(finished.location == "/")
            home = try await ann.get("/")
            let reading = try #require(home.body.range(of: "id=\"currently-reading\""))
            let recent = try #require(home.body.range(of: "id=\"recently-finished\""))
            #expect(!home.body[reading.upperBound..<recent.lowerBound].contains("Piranesi"))
            #expect(home.body[recent.upperBound...].contains("Piranesi"))
        }
    }

    @Test("the book read this morning stays first on Home after a 619-row import and a rating of another book")
    func orderByLastRead() async throws {
        try await withDogear { app in
            let start = app.clock.now()
            let token = try await app.signUp()
            let morning = try await app.addEntry(token, title: "The Morning Book", extra: ["status": "reading"])
            let other = try await app.addEntry(token, title: "Started Earlier", extra: ["status": "reading"])
            app.clock = .fixed(start.addingTimeInterval(3_600))
            try await app.must(.POST, "/api/v1/library/\(morning.id)/progress", token: token, json: ["page": 40])

            // Later the same day: the reader imports their Goodreads history (twelve of its rows are
            // being read) and rates the other book. Neither is reading the morning book.
            app.clock = .fixed(start.addingTimeInterval(7_200))
            let data = try #require(SharedFixtures.data("goodreads/romneyda-619rows-31col.csv"))
            let job = try await app.importFile(token, data)
            #expect(job.status == "done")
            try await app.must(.PATCH, "/api/v1/library/\(other.id)", token: token, json: ["rating": 4])

            let home = try await app.send(.GET, "/api/v1/home", token: token).decode(HomeDTO.self)
            // Fourteen are being read: Home shows the ten read last and counts them all.
            #expect(home.currentlyReading.count == HomeService.readingShown)
            #expect(home.currentlyReadingCount == 14)
            #expect(home.currentlyReading.map(\.work.title).prefix(2) == ["The Morning Book", "Started Earlier"])

            // The page shows the same order: the morning book's card comes first.
            let page = WebClient(app)
            try await page.signIn()
            let html = try await page.get("/").body
            let first = try #require(html.range(of: "The Morning Book"))
            let second = try #require(html.range(of: "Started Earlier"))
            #expect(first.lowerBound < second.lowerBound)
            // The other four are a link away, on the Reading shelf.
            #expect(html.contains("href=\"/library?status=reading\">All 14 books you are reading</a>"))
        }
    }

    @Test("an audiobook's card asks for the minute reached, not a page, and saves it")
    func audiobookMinutes() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp()
            let token = try await app.signIn("ann@example.com")
            let entry = try await app.addEntry(
                token, title: "Project Hail Mary", authors: ["Andy Weir"], pageCount: nil,
                extra: [
                    "status": "reading", "book": ["title": "Project Hail Mary", "authors": ["Andy Weir"], "format": "audiobook"],
                ])
            var home = try await ann.get("/").body
            #expect(home.contains("I&#39;m at minute") || home.contains("I'm at minute"))
            #expect(home.contains("name=\"minutes\""))
            #expect(!home.contains("One page on"))
            let saved = try await ann.post("/books/\(entry.id)/progress", [("minutes", "95"), ("back", "/")])
            #expect(saved.location == "/?saved=\(entry.id)")
            home = try await ann.get(try #require(saved.location)).body
            #expect(home.contains("Saved: minute 95."))
            #expect(try await app.send(.GET, "/api/v1/library/\(entry.id)", token: token).entry.currentMinutes == 95)
            let words = try await ann.post("/books/\(entry.id)/progress", [("minutes", "an hour"), ("back", "/")])
            #expect(words.status == .unprocessableEntity)
            #expect(words.body.contains("enter the minute you are at, as a number"))
        }
    }
}
