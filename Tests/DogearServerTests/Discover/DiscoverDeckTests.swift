import DogearCore
import Fluent
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Discover: the deck, swipes, undo and starting over")
struct DiscoverDeckTests {
    static let genres = ["Fantasy", "Romance", "Mystery", "Horror", "History", "Poetry"]

    /// Four books in each of six genres, each genre by its own author.
    func catalog(_ app: Application) async throws -> DiscoverCatalogFixture {
        var catalog = try await DiscoverCatalogFixture(app)
        for genre in Self.genres {
            for number in 1...4 {
                try await catalog.add("\(genre) \(number)", genres: [genre], author: "\(genre) Writer")
            }
        }
        return catalog
    }

    @Test("a new reader's deck is a varied mix of popular books, their sign-up genres first, never their own books")
    func coldStart() async throws {
        try await withDogear { app in
            let catalog = try await catalog(app)
            let reader = try await app.signUp()
            try await app.must(.PATCH, "/api/v1/me", token: reader, json: ["genrePreferences": ["Mystery"]])
            let owned = try #require(catalog.works["Horror 1"])
            try await app.must(.POST, "/api/v1/library", token: reader, json: ["workId": owned.uuidString, "status": "read"])

            let deck = try await app.deck(reader, count: 12)
            #expect(!deck.personal)
            #expect(deck.cards.count == 12)
            #expect(!deck.cards.contains { $0.workId == owned })
            #expect(Set(deck.cards.compactMap(\.genre)).count == 6)
            // Finishing a horror book taught more (+5) than the sign-up choice (+2).
            #expect(deck.cards.map(\.reason).prefix(2) == ["Because you liked horror", "You chose mystery when you signed up"])
            #expect(deck.cards.contains { $0.reason.hasPrefix("Popular in ") })
            let card = try #require(deck.cards.first)
            #expect(card.coverUrl != nil && card.description != nil && card.pages == 320 && card.authors.count == 1)
            // The same reader, nothing done since: the same deck.
            #expect(try await app.deck(reader, count: 12) == deck)
        }
    }

    @Test("after five swipes the deck follows them: liked genre first, a book swiped away never again, and it says why")
    func personal() async throws {
        try await withDogear { app in
            let catalog = try await catalog(app)
            let reader = try await app.signUp()
            for title in ["Fantasy 1", "Fantasy 2", "Fantasy 3"] {
                #expect(try await app.swipe(reader, catalog.works[title]!, "right").status == .created)
            }
            let dismissed = catalog.works["Romance 1"]!
            #expect(try await app.swipe(reader, dismissed, "left").status == .created)
            #expect(try await app.swipe(reader, catalog.works["Romance 2"]!, "left").status == .created)

            // A book on one of her own lists is hers already too.
            let list = try await app.send(.POST, "/api/v1/lists", token: reader, json: ["name": "Someday"])
            let listed = catalog.works["Mystery 1"]!
            try await app.must(
                .POST, "/api/v1/lists/\(list["id"] as! String)/items", token: reader, json: ["workId": listed.uuidString])

            let deck = try await app.deck(reader, count: 20)
            #expect(deck.personal)
            #expect(!deck.cards.contains { $0.workId == listed })
            #expect(deck.cards.first?.title == "Fantasy 4")
            #expect(deck.cards.first?.reason == "Because you liked fantasy")
            let ids = deck.cards.map(\.workId)
            #expect(!ids.contains(dismissed))
            for title in ["Fantasy 1", "Fantasy 2", "Fantasy 3"] { #expect(!ids.contains(catalog.works[title]!)) }
            #expect(deck.cards.contains { $0.reasonKind == "somethingDifferent" })
            // Three right swipes were also into Want to Read: in the library now, so never on the deck.
            let library = try await app.send(.GET, "/api/v1/library?status=wantToRead", token: reader)
            #expect(try library.entries.items.count == 3)

            // The last romance books come only when nothing else is left, the dismissed one never.
            let all = try await app.deck(reader, count: 50)
            #expect(!all.cards.map(\.workId).contains(dismissed))
            #expect(all.runDry)
            #expect(all.message?.contains("offline") == true || all.message?.contains("fetching") == true)
        }
    }

    @Test("undo takes the last swipe back: its weights, the Want to Read entry it made, and the card comes back")
    func undo() async throws {
        try await withDogear { app in
            let catalog = try await catalog(app)
            let reader = try await app.signUp()
            let work = catalog.works["Poetry 1"]!
            let swiped = try await app.swipe(reader, work, "right")
            #expect(swiped.status == .created)
            let entryID = try #require(swiped["entryId"] as? String)
            #expect(try await app.preferences(reader).genre("poetry") == 1)
            #expect(try await app.swipe(reader, work, "left").status == .conflict)

            let undone = try await app.send(.POST, "/api/v1/discover/undo", token: reader)
            #expect(undone.status == .ok)
            let body: UndoDTO = try undone.decode()
            #expect(body.card.workId == work)
            #expect(body.undone.action == "right")
            #expect(try await app.preferences(reader).genre("poetry") == 0)
            #expect(try await app.send(.GET, "/api/v1/library/\(entryID)", token: reader).status == .notFound)
            #expect(try await app.deck(reader, count: 24).cards.contains { $0.workId == work })

            let nothing = try await app.send(.POST, "/api/v1/discover/undo", token: reader)
            #expect(nothing.status == .conflict)
            #expect(nothing.body.contains("nothingToUndo"))

            // A bookmark into a custom list: undo takes the book off the list.
            let list = try await app.send(.POST, "/api/v1/lists", token: reader, json: ["name": "Maybe"])
            let listID = try #require(list["id"] as? String)
            #expect(try await app.swipe(reader, work, "bookmark", listId: listID).status == .created)
            #expect(try await app.send(.GET, "/api/v1/lists/\(listID)", token: reader)["itemCount"] as? Int == 1)
            #expect(try await app.send(.POST, "/api/v1/discover/undo", token: reader).status == .ok)
            #expect(try await app.send(.GET, "/api/v1/lists/\(listID)", token: reader)["itemCount"] as? Int == 0)

            // A book started since its swipe stays in the library; the undo still answers with its card.
            let started = catalog.works["Poetry 2"]!
            let added = try await app.swipe(reader, started, "right")
            let startedEntry = try #require(added["entryId"] as? String)
            try await app.must(.POST, "/api/v1/library/\(startedEntry)/status", token: reader, json: ["status": "reading"])
            let back = try await app.send(.POST, "/api/v1/discover/undo", token: reader)
            #expect(back.status == .ok)
            #expect(try (back.decode() as UndoDTO).card.workId == started)
            #expect(try await app.send(.GET, "/api/v1/library/\(startedEntry)", token: reader).status == .ok)
        }
    }

    @Test("starting over forgets the scores and counts but keeps dismissed books dismissed")
    func startOver() async throws {
        try await withDogear { app in
            let catalog = try await catalog(app)
            let reader = try await app.signUp()
            let dismissed = catalog.works["Horror 2"]!
            try await app.swipe(reader, dismissed, "left")
            try await app.swipe(reader, catalog.works["History 1"]!, "right")
            #expect(try await app.send(.DELETE, "/api/v1/discover/preferences", token: reader).status == .noContent)
            let preferences = try await app.preferences(reader)
            #expect(preferences.genres.isEmpty && preferences.counts.total == 0)
            #expect(try await app.send(.POST, "/api/v1/discover/undo", token: reader).status == .conflict)
            #expect(!(try await app.deck(reader, count: 50).cards.contains { $0.workId == dismissed }))
        }
    }

    @Test("bad input is refused naming what was wrong, and someone else's list is not found")
    func badInput() async throws {
        try await withDogear { app in
            let catalog = try await catalog(app)
            let reader = try await app.signUp()
            let other = try await app.signUp("other@example.com")
            let theirs = try await app.send(.POST, "/api/v1/lists", token: other, json: ["name": "Mine"])
            let work = catalog.works["Mystery 3"]!
            let action = try await app.swipe(reader, work, "up")
            #expect(action.status == .unprocessableEntity && action.body.contains("action"))
            let finished = try await app.swipe(reader, work, "right", listId: "finished")
            #expect(finished.status == .unprocessableEntity && finished.body.contains("listId"))
            #expect(try await app.swipe(reader, work, "bookmark", listId: theirs["id"] as? String).status == .notFound)
            #expect(try await app.swipe(reader, UUID(), "left").status == .notFound)
            for query in ["count=abc", "count=0", "count=51"] {
                let reply = try await app.send(.GET, "/api/v1/discover/deck?\(query)", token: reader)
                #expect(reply.status == .badRequest && reply.body.contains("count"), "\(query)")
            }
            // Nothing was half-written by the refusals.
            #expect(try await app.preferences(reader).counts.total == 0)
            #expect(try await app.send(.GET, "/api/v1/discover/deck").status == .unauthorized)
        }
    }

    @Test("the deck sees the catalog change: a book's genres corrected move it to its new genre's pool")
    func catalogChanges() async throws {
        try await withDogear { app in
            let catalog = try await catalog(app)
            let work = catalog.works["Poetry 4"]!
            _ = try await app.deck(try await app.signUp(), count: 1)  // the catalog is read in
            let model = try #require(try await Work.find(work, on: app.db))
            model.genres = ["Horror"]
            try await model.save(on: app.db)
            try await DiscoverCatalog(db: app.db).refresh(limit: 100)
            let genres = try await app.db.sql.raw("SELECT genre_key FROM work_genres WHERE work_id = \(bind: work)").all()
                .map { try $0.decode(column: "genre_key", as: String.self) }
            #expect(genres == ["horror"])
            let counts = try await app.db.sql.raw("SELECT genre_key, works FROM discover_genres ORDER BY genre_key").all()
                .map { "\(try $0.decode(column: "genre_key", as: String.self))=\(try $0.decode(column: "works", as: Int.self))" }
            #expect(counts == ["fantasy=4", "history=4", "horror=5", "mystery=4", "poetry=3", "romance=4"])
            #expect(try await DiscoverCatalog(db: app.db).waiting() == 0)
        }
    }

    @Test("deleting the account deletes what discovery learned")
    func accountDeletion() async throws {
        try await withDogear { app in
            let catalog = try await catalog(app)
            let reader = try await app.signUp()
            try await app.swipe(reader, catalog.works["History 2"]!, "left")
            try await app.swipe(reader, catalog.works["History 3"]!, "right")
            let user = try #require(try await User.query(on: app.db).filter(\.$emailKey == "reader@example.com").first())
            _ = try await AccountDeletion(db: app.db).delete(user)
            for table in ["discovery_interactions", "discovery_scores", "discovery_profiles"] {
                let rows = try await app.db.sql.raw(
                    "SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE user_id = \(bind: try user.requireID())"
                ).first()!
                .decode(column: "n", as: Int.self)
                #expect(rows == 0, "\(table)")
            }
        }
    }
}
