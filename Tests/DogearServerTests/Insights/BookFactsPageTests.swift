import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("The book's facts page")
struct BookFactsPageTests {
    static func kindred(_ app: Application) async throws -> (WebClient, String, EntryDTO) {
        let (web, token) = try await StatsPageTests.reader(app)
        let reply = try await app.send(
            .POST, "/api/v1/library", token: token,
            json: ["book": ["title": "Kindred", "authors": ["Octavia E. Butler"], "pageCount": 264], "status": "read"])
        return (web, token, try reply.entry)
    }

    @Test("facts filled in on the page show on the book page, and count for a goal on women authors")
    func fillIn() async throws {
        try await withDogear { app in
            var (web, token, entry) = try await Self.kindred(app)
            let author = try #require(entry.work.authors.first).id
            try await app.must(
                .POST, "/api/v1/goals", token: token,
                json: ["year": 2026, "metric": "books", "target": 6, "conditions": ["authorGender": "female"]])
            let book = try await web.get("/books/\(entry.id)")
            #expect(book.body.contains("Nothing known yet about its author or where it comes from."))
            #expect(book.body.contains("href=\"/books/\(entry.id)/facts\""))

            let page = try await web.get("/books/\(entry.id)/facts")
            #expect(page.status == .ok)
            #expect(page.body.contains("<h2>Octavia E. Butler</h2>"))
            let work = try await web.post(
                "/books/\(entry.id)/facts/work",
                [
                    ("originalLanguage", ""), ("contentWarnings", "slavery, violence"), ("estimatedMinutes", "540"),
                    ("translator", ""),
                ])
            #expect(work.status == .seeOther)
            #expect(work.location == "/books/\(entry.id)#about-book")
            let person = try await web.post(
                "/books/\(entry.id)/facts/authors/\(author)",
                [
                    ("gender", "female"), ("culturalRegion", "northAmerica"), ("nationality", "American"), ("birthYear", "1947"),
                    ("deathYear", "2006"),
                ])
            #expect(person.status == .seeOther)

            let after = try await web.get("/books/\(entry.id)")
            #expect(after.body.contains("<dt>Content warnings</dt><dd>slavery, violence</dd>"))
            #expect(after.body.contains("<dt>Estimated reading time (minutes)</dt><dd>9 hours</dd>"))
            #expect(after.body.contains("<dt>Octavia E. Butler</dt><dd>American · Female · North America · 1947–2006</dd>"))
            // The form shows what is saved.
            let again = try await web.get("/books/\(entry.id)/facts")
            #expect(again.body.contains("<option value=\"female\" selected>Female</option>"))
            #expect(again.body.contains("name=\"contentWarnings\" value=\"slavery, violence\""))
            // The goal on women authors now counts the book.
            let goals = try await app.send(.GET, "/api/v1/goals", token: token)
            #expect(try goals.decode([GoalDTO].self).first?.progress.done == 1)
        }
    }

    @Test("a refused value comes back beside its field with what was typed, and nothing is saved")
    func refused() async throws {
        try await withDogear { app in
            var (web, _, entry) = try await Self.kindred(app)
            let author = try #require(entry.work.authors.first).id
            _ = try await web.get("/books/\(entry.id)/facts")
            let prefix = "facts-author-\(author.uuidString)"
            let years = try await web.post(
                "/books/\(entry.id)/facts/authors/\(author)",
                [("gender", "female"), ("birthYear", "1947"), ("deathYear", "1900")])
            #expect(years.status == .unprocessableEntity)
            #expect(years.body.contains("id=\"\(prefix)-deathYear-error\""))
            #expect(years.body.contains("must not be before the birth year (1947)"))
            #expect(years.body.contains("name=\"deathYear\" value=\"1900\""))
            let words = try await web.post("/books/\(entry.id)/facts/work", [("estimatedMinutes", "a while")])
            #expect(words.status == .unprocessableEntity)
            #expect(words.body.contains("must be a whole number; got a while"))
            #expect(try await CatalogHistory(db: app.db, now: Date()).lines(limit: 10).isEmpty)
        }
    }

    @Test("another reader's book, or an author not of this book, is not found")
    func notFound() async throws {
        try await withDogear { app in
            var (web, _, entry) = try await Self.kindred(app)
            var other = WebClient(app)
            try await other.signUp("bo@example.com")
            _ = try await other.get("/")
            #expect(try await other.get("/books/\(entry.id)/facts").status == .notFound)
            #expect(try await other.post("/books/\(entry.id)/facts/work", [("translator", "X")]).status == .notFound)
            _ = try await web.get("/books/\(entry.id)/facts")
            let stranger = try await web.post("/books/\(entry.id)/facts/authors/\(UUID())", [("gender", "male")])
            #expect(stranger.status == .notFound)
            #expect(try await CatalogHistory(db: app.db, now: Date()).lines(limit: 10).isEmpty)
        }
    }
}
