import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Filling in the catalog's cultural facts, and its history")
struct CatalogEditTests {
    /// A minute passes (the test clock stands still otherwise), so the history's order is the edits' order.
    static func tick(_ app: Application) {
        let next = app.clock.now().addingTimeInterval(60)
        app.clock = .fixed(next)
    }

    /// Two readers; Ann has Kindred (by Octavia E. Butler) in her library.
    static func setUp(_ app: Application) async throws -> (ann: String, bo: String, entry: EntryDTO) {
        let ann = try await app.signUp("ann@example.com")
        let bo = try await app.signUp("bo@example.com")
        let reply = try await app.send(
            .POST, "/api/v1/library", token: ann,
            json: [
                "book": ["title": "Kindred", "authors": ["Octavia E. Butler"], "pageCount": 264, "language": "en"],
                "status": "read",
            ])
        return (ann, bo, try reply.entry)
    }

    @Test("any reader fills an empty fact; another's change is recorded with who and the old value, and an operator reverts it")
    func fillChangeRevert() async throws {
        try await withDogear { app in
            let (ann, bo, entry) = try await Self.setUp(app)
            let author = try #require(entry.work.authors.first).id
            let filled = try await app.send(
                .PATCH, "/api/v1/authors/\(author)", token: ann,
                json: ["gender": "female", "culturalRegion": "northAmerica", "birthYear": 1947, "deathYear": 2006])
            #expect(filled.status == .ok, "\(filled.body)")
            #expect(filled["gender"] as? String == "female")
            #expect(filled["birthYear"] as? Int == 1947)
            // Bo, who does not have the book, corrects the region.
            Self.tick(app)
            let changed = try await app.send(
                .PATCH, "/api/v1/authors/\(author)", token: bo, json: ["culturalRegion": "caribbean"])
            #expect(changed["culturalRegion"] as? String == "caribbean")
            // The same value again writes nothing.
            try await app.must(.PATCH, "/api/v1/authors/\(author)", token: bo, json: ["culturalRegion": "caribbean"])

            let history = try await app.run(CatalogCommand(), ["history"])
            #expect(history.count == 5, "\(history)")
            let change = try #require(history.first)
            #expect(
                change.contains(
                    "bo@example.com  change  author \"Octavia E. Butler\"  culturalRegion: \"northAmerica\" → \"caribbean\""))
            #expect(
                history.contains {
                    $0.contains("ann@example.com  fill  author \"Octavia E. Butler\"  birthYear: (empty) → \"1947\"")
                })

            let changeID = String(change.prefix(36))
            Self.tick(app)
            let reverted = try await app.run(CatalogCommand(), ["revert", changeID])
            #expect(
                reverted.first?.contains(
                    "operator  revert  author \"Octavia E. Butler\"  culturalRegion: \"caribbean\" → \"northAmerica\"") == true)
            let after = try await app.send(.GET, "/api/v1/authors/\(author)", token: ann)
            #expect(after["culturalRegion"] as? String == "northAmerica")
            let again = try await app.run(CatalogCommand(), ["history", "--limit", "2"])
            #expect(again.count == 2)
            #expect(again[1].hasSuffix("[reverted]"))
            await #expect(throws: CommandFailure.self) { try await app.run(CatalogCommand(), ["revert", changeID]) }

            // A fill the field has moved on from cannot be reverted under the newer value.
            Self.tick(app)
            try await app.must(.PATCH, "/api/v1/authors/\(author)", token: bo, json: ["birthYear": 1948])
            let fill = try #require(history.first { $0.contains("birthYear: (empty)") })
            do {
                try await app.run(CatalogCommand(), ["revert", String(fill.prefix(36))])
                Issue.record("a revert under a newer value went through")
            } catch let failure as CommandFailure {
                #expect("\(failure)".contains("has changed since"))
            }
            let only = try await app.run(CatalogCommand(), ["history", "--record", author.uuidString, "--limit", "100"])
            // Four fills, two changes, a revert.
            #expect(only.count == 7)
        }
    }

    @Test("a bad value is refused by field and nothing of the request is written")
    func refused() async throws {
        try await withDogear { app in
            let (ann, _, entry) = try await Self.setUp(app)
            let author = try #require(entry.work.authors.first).id
            for (body, field) in [
                (["gender": "woman", "nationality": "American"], "gender"),
                (["birthYear": 1947, "deathYear": 1900] as [String: Any], "deathYear"),
                (["title": "Not Kindred"], "title"),
                (["birthYear": "long ago"], "birthYear"),
            ] as [([String: Any], String)] {
                let reply = try await app.send(.PATCH, "/api/v1/authors/\(author)", token: ann, json: body)
                #expect(reply.status == .unprocessableEntity, "\(body): \(reply.body)")
                #expect(reply.errorField == field, "\(reply.body)")
            }
            let work = entry.work.id
            let warnings = try await app.send(
                .PATCH, "/api/v1/works/\(work)", token: ann, json: ["translator": "Someone", "estimatedMinutes": 0])
            #expect(warnings.errorField == "estimatedMinutes")
            let unchanged = try await app.send(.GET, "/api/v1/authors/\(author)", token: ann)
            #expect(unchanged["nationality"] is NSNull)
            #expect(try await app.run(CatalogCommand(), ["history"]) == ["no catalog edits yet"])
            #expect(
                try await app.send(.PATCH, "/api/v1/authors/\(UUID())", token: ann, json: ["gender": "male"]).status == .notFound)
            #expect(try await app.send(.PATCH, "/api/v1/authors/\(author)", json: ["gender": "male"]).status == .unauthorized)
        }
    }

    @Test("a work's facts: a translator makes the book translated in the statistics; clearing it is a recorded change")
    func workFacts() async throws {
        try await withDogear { app in
            let (ann, _, entry) = try await Self.setUp(app)
            let work = entry.work.id
            let stats = { try await app.send(.GET, "/api/v1/stats", token: ann) }
            let before = try await stats()
            #expect(
                (before["diversity"] as? [String: Any]).flatMap { $0["translated"] as? [String: Any] }?["unknown"] as? Int == 1)
            let reply = try await app.send(
                .PATCH, "/api/v1/works/\(work)", token: ann,
                json: [
                    "originalLanguage": "en", "translator": "  ", "contentWarnings": ["slavery", "violence", "Violence"],
                    "readingDifficulty": "moderate", "estimatedMinutes": 540, "originCountry": "United States",
                ])
            #expect(reply.status == .ok, "\(reply.body)")
            let facts = try #require(reply["work"] as? [String: Any])
            #expect(facts["contentWarnings"] as? [String] == ["slavery", "violence"])
            #expect(facts["translator"] is NSNull)
            #expect(facts["estimatedMinutes"] as? Int == 540)
            // Same language as the edition, no translator: not translated, no longer unknown.
            let known = try await stats()
            #expect((known["diversity"] as? [String: Any]).flatMap { $0["translated"] as? [String: Any] }?["no"] as? Int == 1)
            Self.tick(app)
            try await app.must(.PATCH, "/api/v1/works/\(work)", token: ann, json: ["contentWarnings": NSNull()])
            let history = try await app.run(CatalogCommand(), ["history"])
            #expect(history.first?.contains("change  work \"Kindred\"  contentWarnings: \"slavery, violence\" → (empty)") == true)
        }
    }

    @Test("a deleted account's edits stay in the catalog and its history, without who made them")
    func deletedAccount() async throws {
        try await withDogear { app in
            let (_, bo, entry) = try await Self.setUp(app)
            let author = try #require(entry.work.authors.first).id
            try await app.must(.PATCH, "/api/v1/authors/\(author)", token: bo, json: ["nationality": "American"])
            try await app.runUserCommand("delete", "bo@example.com")
            let history = try await app.run(CatalogCommand(), ["history"])
            #expect(history.first?.contains("a deleted account  fill  author \"Octavia E. Butler\"  nationality") == true)
        }
    }
}
