import DogearTestSupport
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A press says what it did: a rating, a book put on a list; the book page names the lists that
/// hold it; the import's mapping speaks in words.
@Suite("Feedback after a press")
struct FeedbackTests {
    @Test("rating and adding to a list are confirmed; the book page lists its lists")
    func confirmations() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp()
            let id = try await ann.addBook([("title", "Piranesi"), ("authors", "Susanna Clarke")])
            let rated = try await ann.post("/books/\(id)/rating", [("rating", "4")])
            #expect(rated.location == "/books/\(id)?saved=rated-4")
            #expect(try await ann.get(try #require(rated.location)).body.contains("Rated 4 stars."))
            // A forged value says nothing rather than anything.
            #expect(!(try await ann.get("/books/\(id)?saved=rated-<b>").body.contains("Rated")))

            try await ann.get("/lists/new")
            let made = try await ann.post("/lists/new", [("name", "Comfort reads")])
            let listPath = try #require(made.location)
            let listID = String(listPath.split(separator: "/").last!)
            let added = try await ann.post("/books/\(id)/add-to-list", [("list", listID)])
            #expect(added.location == "\(listPath)?added=\(id)")
            #expect(try await ann.get(try #require(added.location)).body.contains("Added “Piranesi”."))
            let book = try await ann.get("/books/\(id)").body
            #expect(book.contains("On your lists: <a href=\"\(listPath)\">Comfort reads</a>"))
        }
    }

    @Test("the import's shelf mapping says Want to read, not wantToRead")
    func mappingInWords() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp()
            try await ann.get("/import")
            let uploaded = try await ann.upload("/import", ImportTests.threeBooks, fileName: "goodreads.csv")
            let job = try #require(uploaded.location)
            await app.importJobs.wait(for: try #require(UUID(uuidString: String(job.split(separator: "/").last!))))
            let page = try await ann.get(job).body
            #expect(page.contains("<td>Want to read</td>"))
            #expect(!page.contains("<td>wantToRead</td>"))
        }
    }
}
