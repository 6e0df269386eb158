import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A reader who types a real ISBN with a junk title and cover must not decide that book for
/// everyone: the next lookup that reaches a source puts the source's facts in place, field by field.
@Suite("Catalog squatting: source data wins over what a reader typed")
struct CatalogSquattingTests {
    /// Mallory adds Fantastic Mr Fox's ISBN by hand as junk; returns her token and entry.
    static func squat(_ app: Application) async throws -> (String, EntryDTO) {
        let mallory = try await app.signUp("mallory@example.com", name: "Mallory")
        let entry = try await app.addEntry(
            mallory, title: "BUY CHEAP PILLS", authors: ["Spam Bot"], pageCount: 999, isbn: "9780140328721",
            extra: [
                "book": [
                    "title": "BUY CHEAP PILLS", "authors": ["Spam Bot"], "pageCount": 999, "isbn": "9780140328721",
                    "coverUrl": "https://evil.example/pills.png", "editionTitle": "Spam edition",
                ]
            ])
        #expect(entry.work.verified == false)
        return (mallory, entry)
    }

    @Test("another reader's lookup asks the source, which replaces the junk for everyone; what the source lacks stays")
    func sourceWins() async throws {
        try await withStubbedDogear { app, stub in
            Recorded.mrFox(stub)
            let (mallory, entry) = try await Self.squat(app)
            #expect(stub.requestCount == 0)

            let bob = try await app.signUp("bob@example.com", name: "Bob")
            let lookup = try await app.send(.GET, "/api/v1/books/lookup?isbn=9780140328721", token: bob).decode(LookupDTO.self)
            #expect(lookup.foundIn == "openLibrary")
            #expect(lookup.book.work.id == entry.work.id)  // corrected in place, not a second work
            #expect(lookup.book.work.title == "Fantastic Mr. Fox")
            #expect(lookup.book.work.authors.map(\.name) == ["Roald Dahl"])
            #expect(lookup.book.work.verified)
            let edition = try #require(lookup.book.edition)
            #expect(edition.coverUrl == "https://covers.example/b/id/8739161-L.jpg")
            #expect(edition.pageCount == 96)
            // Open Library says nothing of an edition title: the reader's stays, still the reader's.
            #expect(edition.editionTitle == "Spam edition")
            let stored = try #require(try await Edition.find(edition.id, on: app.db))
            #expect(stored.fieldSources["coverUrl"] == "openLibrary" && stored.fieldSources["editionTitle"] == nil)

            // Bob adds it and exports: the source's facts, not Mallory's.
            #expect(
                try await app.send(.POST, "/api/v1/library", token: bob, json: ["isbn": "9780140328721", "status": "read"])
                    .status == .created)
            let export = try await app.send(.GET, "/api/v1/export?format=goodreads", token: bob)
            #expect(export.body.contains("Fantastic Mr. Fox") && !export.body.contains("PILLS"))
            // Mallory's own entry follows the shared record, and her search finds it by its real title.
            let hers = try await app.send(.GET, "/api/v1/library?q=fox", token: mallory).entries.items
            #expect(hers.map(\.id) == [entry.id])

            // A later reader's typing never undoes it.
            let carol = try await app.signUp("carol@example.com", name: "Carol")
            _ = try await app.addEntry(carol, title: "Junk Again", authors: ["Spam Bot"], isbn: "9780140328721")
            let again = try await app.send(.GET, "/api/v1/works/\(entry.work.id)", token: carol).decode(WorkPageDTO.self)
            #expect(again.work.title == "Fantastic Mr. Fox" && again.work.verified)
        }
    }

    @Test("with no source reachable the reader's record answers, marked unverified, and is asked about again a day later")
    func unverifiedWhileOffline() async throws {
        try await withStubbedDogear { app, stub in
            let (_, entry) = try await Self.squat(app)
            let bob = try await app.signUp("bob@example.com", name: "Bob")
            // The sources do not know it yet.
            let first = try await app.send(.GET, "/api/v1/books/lookup?isbn=9780140328721", token: bob).decode(LookupDTO.self)
            #expect(first.foundIn == "catalog" && first.book.work.title == "BUY CHEAP PILLS")
            #expect(first.book.work.verified == false)
            let asked = stub.requestCount
            #expect(asked > 0)
            // Within the day: the catalog answers without asking again.
            _ = try await app.send(.GET, "/api/v1/books/lookup?isbn=9780140328721", token: bob)
            #expect(stub.requestCount == asked)
            // A day later, Open Library knows it.
            Recorded.mrFox(stub)
            app.clock = .fixed(fixedNow.addingTimeInterval(25 * 3600))
            let later = try await app.send(.GET, "/api/v1/books/lookup?isbn=9780140328721", token: bob).decode(LookupDTO.self)
            #expect(later.book.work.id == entry.work.id && later.book.work.title == "Fantastic Mr. Fox")
        }
    }

    @Test("the add form's look-up (with and without a script) and the API say a reader-described book is unverified")
    func shownAsUnverified() async throws {
        try await withStubbedDogear(offline: true) { app, _ in
            let (_, entry) = try await Self.squat(app)
            let web = WebClient(app)
            try await web.signUp("bob@example.com", name: "Bob")
            try await web.get("/add")
            let form = try await web.post("/add", [("isbn", "9780140328721"), ("lookup", "1")])
            #expect(form.body.contains("Unverified: a reader typed these details"))
            #expect(form.body.contains("value=\"BUY CHEAP PILLS\""))
            let json = try await web.get("/lookup?isbn=9780140328721")
            #expect(json.body.contains("\"verified\":false"))
            let work = try await app.send(.GET, "/api/v1/works/\(entry.work.id)", token: try await app.signUp("dan@example.com"))
            #expect(try work.decode(WorkPageDTO.self).work.verified == false)
        }
    }
}
