import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Library entries: adding, duplicates, fields")
struct LibraryEntryTests {
    @Test("adding a book creates the work, its edition and authors, and answers the whole entry")
    func add() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let reply = try await app.send(
                .POST, "/api/v1/library", token: token,
                json: [
                    "book": [
                        "title": "Good Omens", "authors": ["Terry Pratchett", "Neil Gaiman"], "isbn": "0-441-17271-7",
                        "pageCount": 412, "publisher": "Ace", "publishedDate": "1990-05", "format": "paperback",
                        "genres": ["Fantasy", "Humour"], "series": "None", "language": "en",
                    ],
                    "rating": 5, "preciseRating": 4.75, "favorite": true, "tags": ["Funny"],
                ])
            #expect(reply.status == .created)
            let entry = try reply.decode(EntryDTO.self)
            #expect(entry.work.title == "Good Omens")
            #expect(entry.work.authors.map(\.name) == ["Terry Pratchett", "Neil Gaiman"])
            #expect(entry.edition?.isbn13 == "9780441172719")
            #expect(entry.edition?.isbn10 == "0441172717")
            #expect(entry.edition?.isbn == "0-441-17271-7")
            #expect(entry.edition?.pageCount == 412)
            #expect(entry.edition?.format == "paperback")
            #expect(entry.status == "wantToRead")
            #expect(entry.owned == true)
            #expect(entry.favorite == true)
            #expect(entry.rating == 5)
            #expect(entry.preciseRating == 4.75)
            #expect(entry.tags == ["Funny"])
            #expect(entry.dateAdded == fixedNow)
            #expect(entry.work.genres == ["Fantasy", "Humour"])
            // explicit nulls, so clients see every documented field
            #expect(reply.body.contains("\"dateFinished\":null"))
        }
    }

    @Test("created and updated times come from the clock, and keep the order things happened in when it stands still")
    func clockTimestamps() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entry = try await app.addEntry(token)
            // The test clock is fixed: the stamps are that moment (a microsecond apart), not the wall clock.
            let created = try #require(entry.createdAt)
            #expect(created >= fixedNow && created < fixedNow.addingTimeInterval(1))
            for text in ["first", "second", "third"] {
                let reply = try await app.send(.POST, "/api/v1/library/\(entry.id)/notes", token: token, json: ["content": text])
                #expect(reply.status == .created)
            }
            let notes = try await app.send(.GET, "/api/v1/library/\(entry.id)/notes", token: token).decode([NoteDTO].self)
            #expect(notes.map(\.content) == ["third", "second", "first"])
            let stamps = notes.compactMap(\.createdAt)
            #expect(stamps.count == 3 && stamps.allSatisfy { $0 < fixedNow.addingTimeInterval(1) })
            // (The API writes whole seconds, so the microsecond steps show only in the order above.)
            let updated = try await app.send(.PATCH, "/api/v1/library/\(entry.id)", token: token, json: ["rating": 4]).entry
            let stamp = try #require(updated.updatedAt)
            #expect(stamp >= created && stamp < fixedNow.addingTimeInterval(1))
            #expect(updated.createdAt == created)
        }
    }

    @Test("adding the same work again is 409 with the existing entry's id")
    func duplicate() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let first = try await app.addEntry(token, isbn: "9780306406157")
            // same ISBN typed as ISBN-10 with hyphens
            let again = try await app.send(
                .POST, "/api/v1/library", token: token,
                json: ["book": ["title": "Piranesi", "authors": ["Susanna Clarke"], "isbn": "0-306-40615-2"]])
            #expect(again.status == .conflict)
            #expect(again.errorCode == "alreadyInLibrary")
            #expect(again.error?.entryId == first.id.uuidString)
            // same title and first author, no ISBN
            let byTitle = try await app.send(
                .POST, "/api/v1/library", token: token,
                json: ["book": ["title": "piranesi", "authors": ["Susanna Clarke"]]])
            #expect(byTitle.status == .conflict)
            let list = try await app.send(.GET, "/api/v1/library", token: token)
            #expect(try list.entries.items.count == 1)
        }
    }

    @Test("two readers adding one book share one catalog work")
    func sharedCatalog() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            let a = try await app.addEntry(ann, isbn: "9780306406157")
            let b = try await app.addEntry(bob, isbn: "9780306406157")
            #expect(a.work.id == b.work.id)
            let workID = a.work.id.uuidString
            let carol = try await app.signUp("carol@example.com")
            let byWork = try await app.send(.POST, "/api/v1/library", token: carol, json: ["workId": workID, "status": "TBR"])
            #expect(byWork.status == .created)
            #expect(try byWork.entry.status == "wantToRead")
        }
    }

    @Test("a wishlist book is want-to-read, on the wishlist and not owned")
    func wishlist() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entry = try await app.addEntry(token, extra: ["status": "wishlist"])
            #expect(entry.status == "wantToRead")
            #expect(entry.onWishlist == true)
            #expect(entry.owned == false)
        }
    }

    @Test("adding a book as read finishes it today; with its own dates, those are kept")
    func addAsRead() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entry = try await app.addEntry(token, extra: ["status": "finished"])
            #expect(entry.status == "read")
            #expect(entry.dateFinished == "2026-03-14")
            #expect(entry.dateStarted == "2026-03-14")
            #expect(entry.readCount == 1)
            #expect(entry.progress == 1)
            #expect(entry.currentPage == 272)
            let dated = try await app.addEntry(
                token, title: "Jonathan Strange & Mr Norrell", pageCount: 1006,
                extra: ["status": "read", "dateStarted": "2020-02-01", "dateFinished": "2019-12-24"])
            #expect(dated.dateStarted == "2020-02-01")
            #expect(dated.dateFinished == "2019-12-24")
        }
    }

    @Test("PATCH changes only what it names; null clears")
    func patch() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try await app.addEntry(token, extra: ["rating": 3, "recommendedBy": "Sam"]).id
            let reply = try await app.send(
                .PATCH, "/api/v1/library/\(id)", token: token,
                json: [
                    "rating": NSNull(), "preciseRating": 3.25, "favorite": true, "wouldRecommend": true, "dailyGoalPages": 30,
                ])
            #expect(reply.status == .ok)
            #expect(reply["rating"] is NSNull)  // sent as null, not left out
            let updated = try reply.entry
            #expect(updated.rating == nil)
            #expect(updated.preciseRating == 3.25)
            #expect(updated.favorite == true)
            #expect(updated.wouldRecommend == true)
            #expect(updated.recommendedBy == "Sam")
            #expect(updated.dailyGoalPages == 30)
        }
    }

    @Test("rating and precise-rating limits through the API, at n and n+1")
    func ratingLimits() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try await app.addEntry(token).id
            for (body, ok) in [
                (["rating": 5], true), (["rating": 6], false), (["rating": 0], false),
                (["preciseRating": 5.0], true), (["preciseRating": 5.25], false), (["preciseRating": 2.1], false),
            ] as [([String: Any], Bool)] {
                let reply = try await app.send(.PATCH, "/api/v1/library/\(id)", token: token, json: body)
                #expect((reply.status == .ok) == ok, "\(body)")
                if !ok { #expect(reply.errorField == body.keys.first) }
            }
        }
    }

    @Test("deleting an entry deletes its notes, quotes and sessions, never the catalog work")
    func delete() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entry = try await app.addEntry(token)
            let id = entry.id
            let workID = entry.work.id
            let note = try await app.send(
                .POST, "/api/v1/library/\(id)/notes", token: token, json: ["content": "Beautiful halls"])
            let noteID = try note.decode(NoteDTO.self).id
            try await app.must(
                .POST, "/api/v1/library/\(id)/quotes", token: token,
                json: ["text": "The Beauty of the House is immeasurable", "page": 5])
            try await app.must(
                .POST, "/api/v1/library/\(id)/sessions", token: token,
                json: ["date": "2026-03-13", "minutes": 30, "pagesRead": 20])
            #expect(try await app.send(.DELETE, "/api/v1/library/\(id)", token: token).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/library/\(id)", token: token).status == .notFound)
            #expect(
                try await app.send(.PATCH, "/api/v1/notes/\(noteID)", token: token, json: ["content": "x"]).status == .notFound)
            #expect(try await Note.query(on: app.db).count() == 0)
            #expect(try await Quote.query(on: app.db).count() == 0)
            #expect(try await ReadingSession.query(on: app.db).count() == 0)
            #expect(try await Work.find(workID, on: app.db) != nil)
            // and the same work can be added again
            #expect(
                try await app.send(.POST, "/api/v1/library", token: token, json: ["workId": workID.uuidString]).status == .created
            )
        }
    }

    @Test("the library pages newest first with an opaque cursor, and filters by status")
    func pagination() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            var ids: [String] = []
            for number in 1...7 {
                let entry = try await app.addEntry(
                    token, title: "Book \(number)", authors: ["Author \(number)"],
                    extra: ["status": number % 2 == 0 ? "reading" : "to-read"])
                ids.append(entry.id.uuidString)
            }
            var seen: [String] = []
            var cursor: String?
            repeat {
                let path = "/api/v1/library?limit=3" + (cursor.map { "&cursor=\($0)" } ?? "")
                let reply = try await app.send(.GET, path, token: token)
                #expect(reply.status == .ok)
                let page = try reply.entries
                seen += page.items.map(\.id.uuidString)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen.count == 7)
            #expect(Set(seen) == Set(ids))
            let reading = try await app.send(.GET, "/api/v1/library?status=reading", token: token)
            #expect(try reading.entries.items.count == 3)
            let both = try await app.send(.GET, "/api/v1/library?status=reading,wantToRead", token: token)
            #expect(try both.entries.items.count == 7)
            #expect(try await app.send(.GET, "/api/v1/library?limit=101", token: token).errorField == "limit")
            #expect(try await app.send(.GET, "/api/v1/library?limit=0", token: token).errorField == "limit")
            #expect(try await app.send(.GET, "/api/v1/library?cursor=bogus", token: token).errorField == "cursor")
            #expect(try await app.send(.GET, "/api/v1/library?status=skimmed", token: token).errorField == "status")
        }
    }

    /// Two devices tagging at once used to race on the new tag's row: on PostgreSQL the later
    /// request answered 409 (the sync sequences' concurrent writers showed it once in CI).
    @Test("the same new tag sent by eight requests at once: each succeeds, and the reader has one tag")
    func sameNewTagAtOnce() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            var ids: [UUID] = []
            for number in 0..<8 { ids.append(try await app.addEntry(token, title: "Book \(number)").id) }
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for id in ids {
                    group.addTask {
                        try await app.send(
                            .PATCH, "/api/v1/library/\(id)", token: token, json: ["tags": ["Winter Reads", "club"]]
                        )
                        .status
                    }
                }
                return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .ok }, "\(statuses)")
            #expect(try await app.count("SELECT COUNT(*) AS n FROM tags") == 2)
            let tagged = try await app.send(.GET, "/api/v1/library?tag=winter%20reads&limit=100", token: token).entries
            #expect(Set(tagged.items.map(\.id)) == Set(ids))
        }
    }
}
