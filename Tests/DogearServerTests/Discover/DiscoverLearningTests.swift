import DogearCore
import DogearTestSupport
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Discover: what each action teaches, through the real endpoints")
struct DiscoverLearningTests {
    /// An action a reader takes on a fantasy book by Ann Author, after `prepare` (not counted).
    enum Step: String, CaseIterable, Sendable {
        case swipeRight, swipeLeft, bookmark, addToList, addWantToRead, start, finish, rateHigh, rateLow, didNotFinish
        case rateThree, onHold
    }

    /// (step, genre change, author change): SPEC §8's weights; a 3-star rating and putting a book
    /// on hold teach nothing.
    static let expected: [(Step, Int, Int)] = [
        (.swipeRight, 1, 0), (.swipeLeft, -1, 0), (.bookmark, 2, 0), (.addToList, 2, 0), (.addWantToRead, 2, 0),
        (.start, 3, 1), (.finish, 5, 3), (.rateHigh, 3, 2), (.rateLow, -2, -1), (.didNotFinish, -2, 0), (.rateThree, 0, 0),
        (.onHold, 0, 0),
    ]

    @Test("each weight moves the book's genre and author by SPEC §8", arguments: expected)
    func weight(step: Step, genre: Int, author: Int) async throws {
        try await withDogear { app in
            var catalog = try await DiscoverCatalogFixture(app)
            let work = try await catalog.add("The Dragon's Due", genres: ["Fantasy"])
            let reader = try await app.signUp()
            var entryID: UUID?
            // What comes before the step: the book in the library where the step needs it there.
            switch step {
            case .start, .finish, .rateHigh, .rateLow, .didNotFinish, .rateThree, .onHold:
                let reply = try await app.send(
                    .POST, "/api/v1/library", token: reader, json: ["workId": work.uuidString, "status": "reading"])
                entryID = try reply.entry.id
                if step == .start {
                    try await app.must(
                        .POST, "/api/v1/library/\(entryID!)/status", token: reader, json: ["status": "wantToRead"])
                }
            default: break
            }
            let before = try await app.preferences(reader)
            let reply: Reply
            switch step {
            case .swipeRight: reply = try await app.swipe(reader, work, "right")
            case .swipeLeft: reply = try await app.swipe(reader, work, "left")
            case .bookmark:
                let list = try await app.send(.POST, "/api/v1/lists", token: reader, json: ["name": "Later"])
                reply = try await app.swipe(reader, work, "bookmark", listId: list["id"] as? String)
            case .addToList:
                let list = try await app.send(.POST, "/api/v1/lists", token: reader, json: ["name": "Later"])
                reply = try await app.send(
                    .POST, "/api/v1/lists/\(list["id"] as! String)/items", token: reader, json: ["workId": work.uuidString])
            case .addWantToRead:
                reply = try await app.send(
                    .POST, "/api/v1/library", token: reader, json: ["workId": work.uuidString, "status": "wantToRead"])
            case .start:
                reply = try await app.send(
                    .POST, "/api/v1/library/\(entryID!)/status", token: reader, json: ["status": "reading"])
            case .finish:
                reply = try await app.send(.POST, "/api/v1/library/\(entryID!)/status", token: reader, json: ["status": "read"])
            case .didNotFinish:
                reply = try await app.send(
                    .POST, "/api/v1/library/\(entryID!)/status", token: reader, json: ["status": "didNotFinish"])
            case .onHold:
                reply = try await app.send(.POST, "/api/v1/library/\(entryID!)/status", token: reader, json: ["status": "onHold"])
            case .rateHigh: reply = try await app.send(.PATCH, "/api/v1/library/\(entryID!)", token: reader, json: ["rating": 5])
            case .rateLow: reply = try await app.send(.PATCH, "/api/v1/library/\(entryID!)", token: reader, json: ["rating": 1])
            case .rateThree: reply = try await app.send(.PATCH, "/api/v1/library/\(entryID!)", token: reader, json: ["rating": 3])
            }
            #expect(reply.status.code < 300, "\(step): \(reply.body)")
            let after = try await app.preferences(reader)
            #expect(after.genre("fantasy") - before.genre("fantasy") == genre, "\(step) genre")
            #expect(after.author(named: "Ann Author") - before.author(named: "Ann Author") == author, "\(step) author")
            let counted = genre != 0 ? 1 : 0
            #expect(after.counts.total - before.counts.total == counted, "\(step) counts")
        }
    }

    @Test("a reading session that reaches the last page finishes the book, and teaches what finishing does")
    func sessionThatFinishes() async throws {
        try await withDogear { app in
            let reader = try await app.signUp()
            let book: [String: Any] = [
                "title": "The Dragon's Due", "authors": ["Ann Author"], "pageCount": 300, "genres": ["Fantasy"],
            ]
            let entryID = try await app.send(
                .POST, "/api/v1/library", token: reader, json: ["book": book, "status": "reading"]
            ).entry.id
            let before = try await app.preferences(reader)
            try await app.must(
                .POST, "/api/v1/library/\(entryID)/sessions", token: reader,
                json: ["date": "2026-03-14", "minutes": 40, "startPage": 0, "endPage": 300])
            let entry = try await app.send(.GET, "/api/v1/library/\(entryID)", token: reader).entry
            #expect(entry.status == "read")
            let after = try await app.preferences(reader)
            #expect(after.genre("fantasy") - before.genre("fantasy") == 5)
            #expect(after.author(named: "Ann Author") - before.author(named: "Ann Author") == 3)
        }
    }

    @Test("genres count together however the catalog wrote them: Science Fiction, Sci-Fi, Google's category path")
    func normalisedGenres() async throws {
        try await withDogear { app in
            var catalog = try await DiscoverCatalogFixture(app)
            let a = try await catalog.add("Orbit", genres: ["Science Fiction"])
            let b = try await catalog.add("Drift", genres: ["Sci-Fi"])
            let c = try await catalog.add("Vacuum", genres: ["Fiction / Science Fiction / General"])
            let reader = try await app.signUp()
            for work in [a, b, c] { #expect(try await app.swipe(reader, work, "right").status == .created) }
            let preferences = try await app.preferences(reader)
            #expect(preferences.genre("science-fiction") == 3)
            #expect(preferences.genres.first?.label == "Science fiction")
            #expect(preferences.genre("fiction") == 1)
            #expect(!preferences.genres.contains { $0.key == "sci-fi" || $0.key == "general" })
        }
    }

    @Test("liked lengths: the average pages of the books acted on gladly, and the length it makes")
    func likedLengths() async throws {
        try await withDogear { app in
            var catalog = try await DiscoverCatalogFixture(app)
            let short = try await catalog.add("Brief", genres: ["Poetry"], pages: 120)
            let long = try await catalog.add("Tome", genres: ["History"], pages: 700)
            let skipped = try await catalog.add("Doorstop", genres: ["History"], pages: 1200)
            let reader = try await app.signUp()
            try await app.swipe(reader, short, "right")
            try await app.swipe(reader, long, "bookmark", listId: "want-to-read")
            try await app.swipe(reader, skipped, "left")
            let preferences = try await app.preferences(reader)
            #expect(preferences.averagePages == 410)
            #expect(preferences.preferredLength == "long")
            #expect(preferences.counts == .init(total: 3, positive: 2, negative: 1))
        }
    }

    @Test("an import teaches nothing; learning from the library replays finishes, ratings and DNFs once")
    func learnFromLibrary() async throws {
        try await withDogear { app in
            let reader = try await app.signUp()
            let file = try #require(SharedFixtures.data("goodreads/bernardkung-501rows-31col-2018.csv"))
            try await app.importFile(reader, file, fileName: "goodreads.csv")
            let imported = try await app.preferences(reader)
            #expect(imported.counts.total == 0)
            #expect(imported.genres.isEmpty)

            let learned = try await app.send(.POST, "/api/v1/discover/learn-library", token: reader)
            #expect(learned.status == .ok)
            let count = try #require(learned["learned"] as? Int)
            let finished = try await app.db.sql.raw(
                "SELECT COUNT(*) AS n FROM library_entries WHERE status IN ('read', 'didNotFinish') OR (rating IS NOT NULL AND rating <> 3)"
            ).first()!.decode(column: "n", as: Int.self)
            #expect(count >= finished)
            #expect(count > 0)
            let after = try await app.preferences(reader)
            #expect(after.counts.total == count)
            #expect(after.learnedFromLibraryAt != nil)
            let again = try await app.send(.POST, "/api/v1/discover/learn-library", token: reader)
            #expect(again.status == .conflict)
            #expect(again.body.contains("alreadyLearned"))
            #expect(try await app.preferences(reader).counts.total == count)
        }
    }
}
