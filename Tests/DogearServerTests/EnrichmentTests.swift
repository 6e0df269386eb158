import DogearTestSupport
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Background enrichment")
struct EnrichmentTests {
    @Test("fills missing cover, pages and description, keeps what was there, and resumes without asking twice")
    func enrich() async throws {
        try await withStubbedDogear { app, stub in
            Recorded.mrFox(stub)
            let token = try await app.signUp()
            let entry = try await app.send(
                .POST, "/api/v1/library", token: token,
                json: [
                    "book": [
                        "title": "Fantastic Mr Fox", "authors": ["Roald Dahl"], "isbn": "9780140328721",
                        "publisher": "My Own Press",
                    ]
                ])
            // and one no source knows
            _ = try await app.addBook(token, title: "Unknown", authors: ["Nobody"], isbn: "9780306406157")
            // and one with no ISBN, which enrichment cannot look up
            _ = try await app.addBook(token, title: "No ISBN", authors: ["Someone"], pageCount: nil)

            let job = EnrichmentJob(db: app.db, chain: app.lookupChain, logger: app.logger)
            let report = try await job.runOnce(limit: 10)
            #expect(report == .init(tried: 2, enriched: 1, notFound: 1))

            let after = try await app.send(.GET, "/api/v1/library/\(entry["id"]!)", token: token).entry
            let edition = try #require(after.edition)
            #expect(edition.coverUrl == "https://covers.example/b/id/8739161-L.jpg")
            #expect(edition.pageCount == 96)
            #expect(edition.publisher == "My Own Press")  // never overwritten
            #expect(after.work.title == "Fantastic Mr Fox")
            #expect(after.work.description == "The main character is a fox.")
            #expect(after.work.externalIds["openLibraryWork"] == ["OL45804W"])

            let requests = stub.requestCount
            let again = try await job.runOnce(limit: 10)
            #expect(again.tried == 0)
            #expect(stub.requestCount == requests)
        }
    }

    @Test("offline, enrichment asks nobody")
    func offline() async throws {
        try await withStubbedDogear(offline: true) { app, stub in
            let token = try await app.signUp()
            _ = try await app.addBook(token, isbn: "9780140328721")
            let report = try await EnrichmentJob(db: app.db, chain: app.lookupChain, logger: app.logger).runOnce()
            #expect(report.tried == 0)
            #expect(stub.requestCount == 0)
        }
    }
}
