import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Catalog aggregates and the remaining limits")
struct CatalogAggregateAndLimitTests {
    @Test("readers count, ratings count and average rating follow the readers' entries")
    func aggregates() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            let carol = try await app.signUp("carol@example.com")
            let first = try await app.addEntry(ann, isbn: "9780306406157", extra: ["status": "read", "rating": 4])
            _ = try await app.addBook(bob, isbn: "9780306406157", extra: ["status": "reading", "preciseRating": 2.5])
            let wanting = try await app.addEntry(carol, isbn: "9780306406157")
            var work = wanting.work
            #expect(work.readersCount == 2)  // Carol only wants to read it
            #expect(work.ratingsCount == 2)
            #expect(work.averageRating == 3.25)
            try await app.must(.DELETE, "/api/v1/library/\(first.id)", token: ann)
            work = try await app.send(.GET, "/api/v1/library/\(wanting.id)", token: carol).entry.work
            #expect(work.readersCount == 1)
            #expect(work.ratingsCount == 1)
            #expect(work.averageRating == 2.5)
        }
    }

    @Test("private entries count in no aggregate: a sole reader's private rating is not the average others see")
    func privateRatings() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            let private_ = try await app.addEntry(
                ann, isbn: "9780306406157", extra: ["status": "read", "rating": 1, "isPublic": false])
            var seenByBob = try await app.addEntry(bob, isbn: "9780306406157").work
            #expect(seenByBob.readersCount == 0)
            #expect(seenByBob.ratingsCount == 0)
            #expect(seenByBob.averageRating == nil)
            // Made public, it counts; private again, it stops counting.
            try await app.must(.PATCH, "/api/v1/library/\(private_.id)", token: ann, json: ["isPublic": true])
            seenByBob = try await app.send(.GET, "/api/v1/works/\(seenByBob.id)", token: bob).decode(WorkPageDTO.self).work
            #expect(seenByBob.ratingsCount == 1)
            #expect(seenByBob.averageRating == 1)
            try await app.must(.PATCH, "/api/v1/library/\(private_.id)", token: ann, json: ["isPublic": false])
            seenByBob = try await app.send(.GET, "/api/v1/works/\(seenByBob.id)", token: bob).decode(WorkPageDTO.self).work
            #expect(seenByBob.ratingsCount == 0)
            #expect(seenByBob.readersCount == 0)
        }
    }

    @Test("migration 008 recounts aggregates that counted a private rating before")
    func recountMigration() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let entry = try await app.addEntry(
                ann, isbn: "9780306406157", extra: ["status": "read", "rating": 2, "isPublic": false])
            // As the old rule left it: the private rating counted.
            try await app.db.sql.raw(
                "UPDATE works SET readers_count = 1, ratings_count = 1, average_rating = 2 WHERE id = \(bind: entry.work.id)"
            ).run()
            try await RecountPublicAggregates().prepare(on: app.db)
            let work = try #require(try await Work.find(entry.work.id, on: app.db))
            #expect(work.readersCount == 0)
            #expect(work.ratingsCount == 0)
            #expect(work.averageRating == nil)
        }
    }

    /// Each limit accepted at its maximum and refused one past it, through the API a client uses.
    @Test(
        "limits at n and n+1",
        arguments: [
            ("quote text", 5_000), ("author name", 256), ("subtitle", 512), ("publisher", 256),
            ("daily goal", 10_000), ("session minutes", 1_440), ("email", 254),
        ])
    func limit(_ what: String, _ n: Int) async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try await app.addEntry(token).id
            func attempt(_ size: Int, _ index: Int) async throws -> Reply {
                let text = String(repeating: "a", count: size)
                switch what {
                case "quote text":
                    return try await app.send(.POST, "/api/v1/library/\(id)/quotes", token: token, json: ["text": text])
                case "author name":
                    return try await app.send(
                        .POST, "/api/v1/library", token: token, json: ["book": ["title": "T\(index)", "authors": [text]]])
                case "subtitle":
                    return try await app.send(
                        .POST, "/api/v1/library", token: token, json: ["book": ["title": "T\(index)", "subtitle": text]])
                case "publisher":
                    return try await app.send(
                        .POST, "/api/v1/library", token: token, json: ["book": ["title": "T\(index)", "publisher": text]])
                case "daily goal":
                    return try await app.send(.PATCH, "/api/v1/library/\(id)", token: token, json: ["dailyGoalPages": size])
                case "session minutes":
                    return try await app.send(
                        .POST, "/api/v1/library/\(id)/sessions", token: token, json: ["date": "2026-03-13", "minutes": size])
                default:
                    let email = String(repeating: "e", count: size - "@example.com".count) + "@example.com"
                    return try await app.send(
                        .POST, "/api/v1/auth/signup", json: ["email": email, "password": "12345678", "displayName": "E\(index)"])
                }
            }
            let atLimit = try await attempt(n, 1)
            #expect((200..<300).contains(atLimit.status.code), "\(what) at \(n): \(atLimit.body)")
            let past = try await attempt(n + 1, 2)
            #expect(past.status == .unprocessableEntity, "\(what) at \(n + 1): \(past.status)")
            #expect(past.errorCode == "invalidData")
        }
    }
}

@Suite("External IDs")
struct ExternalIDTests {
    @Test("a book's external IDs are kept, shown, and find the same work for the next reader")
    func externalIDs() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            let first = try await app.send(
                .POST, "/api/v1/library", token: ann,
                json: [
                    "book": [
                        "title": "The Left Hand of Darkness", "authors": ["Ursula K. Le Guin"],
                        "externalIds": [
                            "openLibraryWork": ["OL59863W"], "goodreads": ["18423", "18423"],
                            "openLibraryEdition": ["OL7283431M"],
                        ],
                        "pageCount": 304, "infoUrl": "https://openlibrary.org/works/OL59863W",
                    ]
                ])
            #expect(first.status == .created)
            let work = try first.entry.work
            #expect(work.externalIds == ["openLibraryWork": ["OL59863W"], "goodreads": ["18423"]])
            let edition = try #require(try first.entry.edition)
            #expect(edition.externalIds == ["openLibraryEdition": ["OL7283431M"]])
            #expect(edition.infoUrl == "https://openlibrary.org/works/OL59863W")
            // Bob's copy is spelled differently but carries the same Open Library work ID
            let second = try await app.send(
                .POST, "/api/v1/library", token: bob,
                json: [
                    "book": [
                        "title": "Left Hand of Darkness, The", "authors": ["Ursula Le Guin"],
                        "externalIds": ["openLibraryWork": ["OL59863W"], "amazonASIN": ["B000FC0PBC"]],
                    ]
                ])
            let secondWork = try second.entry.work
            #expect(secondWork.id == work.id)
            #expect(
                secondWork.externalIds == [
                    "openLibraryWork": ["OL59863W"], "goodreads": ["18423"], "amazonASIN": ["B000FC0PBC"],
                ])
            let bad = try await app.send(
                .POST, "/api/v1/library", token: bob, json: ["book": ["title": "X", "externalIds": ["myspace": ["1"]]]])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.errorField == "book.externalIds.myspace")
        }
    }
}
