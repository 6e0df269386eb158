import DogearTestSupport
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// The Add page finds a book by its title, an author or an ISBN (Dogear's catalog, then Open
/// Library and Google Books), and adds a result with one press on the shelf pressed.
@Suite("Add: one search box, one press")
struct AddSearchTests {
    @Test("typing “children of time” (Google Books' recorded answer) and pressing Reading adds it, and says so")
    func titleFromSources() async throws {
        try await withStubbedDogear { app, stub in
            stub.stub("/search.json", json: #"{"numFound": 0, "docs": []}"#)
            stub.stub(
                "/books/v1/volumes", data: try #require(SharedFixtures.data("googlebooks/search-children-of-time-2015.json")))
            let ann = WebClient(app)
            try await ann.signUp()
            let page = try await ann.get("/add?q=children+of+time")
            #expect(page.status == .ok)
            #expect(page.body.contains("Children of Time"))
            #expect(page.body.contains("Adrian Tchaikovsky"))
            #expect(page.body.contains("Google Books"))
            #expect(page.body.contains("aria-label=\"Reading: Children of Time\""))
            // Results came, so the long form stays folded.
            #expect(page.body.contains("<details class=\"hand-form\"><summary>"))

            let pressed = try await ann.post(
                "/add/pick",
                [
                    ("q", "children of time"), ("title", "Children of Time"), ("authors", "Adrian Tchaikovsky"),
                    ("isbn", "9780316452502"), ("status", "reading"),
                ])
            #expect(pressed.status == .seeOther)
            let location = try #require(pressed.location)
            #expect(location.hasPrefix("/add?q=children%20of%20time&added="))
            let after = try await ann.get(location).body
            #expect(after.contains("Added “Children of Time” to Reading."))
            #expect(after.contains("In your library"))

            let id = String(location.split(separator: "=").last!)
            let book = try await ann.get("/books/\(id)").body
            #expect(book.contains("Children of Time"))
            #expect(book.contains("Adrian Tchaikovsky"))
            // Added as Google Books knows it (looked up again by its ISBN, with its volume id), not
            // as the fields a form posted: the catalog's correction rules tell a source from a reader.
            let entry = try #require(try await LibraryEntry.find(UUID(uuidString: id), on: app.db))
            let work = try #require(try await Work.find(entry.$work.id, on: app.db))
            #expect(work.source == "googleBooks")
            let ids = try await ExternalID.query(on: app.db).all().filter { $0.kind == "googleBooks" }
            #expect(ids.map(\.value) == ["49T5twEACAAJ"])
            // Pressed again (another tab): the book page, not a second copy or an error.
            let again = try await ann.post(
                "/add/pick", [("title", "Children of Time"), ("authors", "Adrian Tchaikovsky"), ("status", "read")])
            #expect(again.location == "/books/\(id)")
        }
    }

    @Test("offline, a result whose ISBN cannot be looked up again is added as the reader saw it, typed by them")
    func typedWhenNoSourceAnswers() async throws {
        try await withStubbedDogear(offline: true) { app, _ in
            let ann = WebClient(app)
            try await ann.signUp()
            _ = try await ann.get("/add")
            let pressed = try await ann.post(
                "/add/pick",
                [
                    ("title", "Children of Time"), ("authors", "Adrian Tchaikovsky"), ("isbn", "9780316452502"),
                    ("pageCount", "600"), ("status", "wantToRead"),
                ])
            #expect(pressed.status == .seeOther)
            let id = try #require(pressed.location.flatMap { $0.split(separator: "=").last }.map(String.init))
            let entry = try #require(try await LibraryEntry.find(UUID(uuidString: id), on: app.db))
            let work = try #require(try await Work.find(entry.$work.id, on: app.db))
            #expect(work.title == "Children of Time")
            #expect(work.source == "manual")
            let edition = try #require(try await Edition.find(entry.$edition.id, on: app.db))
            #expect(edition.pageCount == 600)
            #expect(edition.isbn13 == "9780316452502")
        }
    }

    @Test("“the hobbit” another reader added is found in Dogear's catalog; Want to read adds that same work")
    func titleFromCatalog() async throws {
        try await withStubbedDogear(offline: true) { app, _ in
            let bea = try await app.signUp("bea@example.com")
            let hobbit = try await app.addEntry(bea, title: "The Hobbit", authors: ["J. R. R. Tolkien"], pageCount: 310)
            let ann = WebClient(app)
            try await ann.signUp()
            let page = try await ann.get("/add?q=the+hobbit").body
            #expect(page.contains("In Dogear&#39;s catalog") || page.contains("In Dogear's catalog"))
            #expect(page.contains("310 pages"))
            // Offline, said in words rather than a source's raw error.
            #expect(page.contains("Dogear is working offline: only books already in its catalog were searched."))
            let form = try #require(page.range(of: "name=\"workId\" value=\"\(hobbit.work.id.uuidString)\""))
            _ = form
            let pressed = try await ann.post(
                "/add/pick", [("q", "the hobbit"), ("workId", hobbit.work.id.uuidString), ("status", "wantToRead")])
            #expect(pressed.status == .seeOther)
            let after = try await ann.get(try #require(pressed.location)).body
            #expect(after.contains("Added “The Hobbit” to Want to read."))
            let token = try await app.signIn("ann@example.com")
            let library = try await app.send(.GET, "/api/v1/library", token: token).decode(Page<EntryDTO>.self)
            #expect(library.items.map(\.work.id) == [hobbit.work.id])
            #expect(library.items.first?.status == "wantToRead")
        }
    }

    @Test("an ISBN is looked up; nothing found unfolds the long form; a shelf other than the three is refused")
    func isbnAndNothing() async throws {
        try await withStubbedDogear { app, stub in
            Recorded.mrFox(stub)
            stub.stub("/search.json", json: #"{"numFound": 0, "docs": []}"#)
            stub.stub("/books/v1/volumes", json: #"{"kind": "books#volumes", "totalItems": 0}"#)
            let ann = WebClient(app)
            try await ann.signUp()
            let isbn = try await ann.get("/add?q=978-0-14-032872-1").body
            #expect(isbn.contains("Fantastic Mr. Fox") || isbn.contains("Fantastic Mr Fox"))
            #expect(isbn.contains("Roald Dahl"))
            let nothing = try await ann.get("/add?q=qqqq+zzzz").body
            #expect(nothing.contains("Nothing found for “qqqq zzzz”."))
            #expect(nothing.contains("<details class=\"hand-form\" open>"))
            let wrong = try await ann.post("/add/pick", [("title", "X"), ("authors", "Y"), ("status", "onHold")])
            #expect(wrong.status == .unprocessableEntity)
            #expect(wrong.body.contains("Choose Want to read, Reading or Read."))
        }
    }
}
