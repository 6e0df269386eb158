import DogearCore
import DogearTestSupport
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// The library's shelf tabs say how many books each shelf holds, as the API does; a search that
/// finds nothing offers the near spellings of the reader's authors and titles.
@Suite("Library: shelf tabs with counts, near spellings")
struct LibraryShelvesTests {
    @Test("after a 619-row import: each tab's count is the API's, and what listing that shelf returns")
    func tabCounts() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let data = try #require(SharedFixtures.data("goodreads/romneyda-619rows-31col.csv"))
            #expect(try await app.importFile(token, data).status == "done")

            let shelves = try await app.send(.GET, "/api/v1/library/shelves", token: token).decode(ShelvesDTO.self)
            #expect(shelves.shelves.map(\.status) == [.reading, .wantToRead, .read, .onHold, .didNotFinish])
            #expect(shelves.total == shelves.shelves.map(\.count).reduce(0, +))
            #expect(shelves.total > 600)
            // Each shelf's count is what listing it by status returns, page by page.
            for shelf in shelves.shelves {
                var listed = 0
                var cursor: String?
                repeat {
                    let path =
                        "/api/v1/library?status=\(shelf.status.rawValue)&limit=100" + (cursor.map { "&cursor=\($0)" } ?? "")
                    let page = try await app.send(.GET, path, token: token).decode(Page<EntryDTO>.self)
                    listed += page.items.count
                    cursor = page.nextCursor
                } while cursor != nil
                #expect(listed == shelf.count, "\(shelf.status)")
            }

            let web = WebClient(app)
            try await web.signIn()
            let page = try await web.get("/library").body
            let grouped = { (n: Int) in n.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) }
            #expect(page.contains("aria-current=\"page\">All<span class=\"count\">\(grouped(shelves.total))</span>"))
            for shelf in shelves.shelves {
                #expect(page.contains(">\(shelf.status.label)<span class=\"count\">\(grouped(shelf.count))</span>"))
            }
            // A tab is a plain link: the Read tab lists read books and is the current one.
            let read = try await web.get("/library?status=read").body
            #expect(read.contains("aria-current=\"page\">Read<span class=\"count\">"))
            #expect(!read.contains("aria-current=\"page\">All"))
            // No red Delete on every row: deleting is on the book page.
            #expect(!page.contains("data-confirm-delete"))
            #expect(page.contains("<summary aria-label=\"Actions for "))
        }
    }

    @Test("“tolkein” finds nothing and offers Tolkien; a word nowhere near offers nothing")
    func nearSpellings() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            _ = try await web.addBook([("title", "The Hobbit"), ("authors", "J. R. R. Tolkien"), ("status", "wantToRead")])
            let page = try await web.get("/library?q=tolkein").body
            #expect(page.contains("No books match “tolkein”."))
            #expect(page.contains("Did you mean <a href=\"/library?q=Tolkien\">J. R. R. Tolkien</a>?"))
            // The suggestion's search finds the book.
            #expect(try await web.get("/library?q=Tolkien").body.contains("The Hobbit"))
            // Live search's fragment offers it too.
            #expect(try await web.get("/library?q=hobit&partial=1").body.contains("Did you mean"))
            let far = try await web.get("/library?q=zzzzqx").body
            #expect(!far.contains("Did you mean"))
        }
    }
}

/// The shelf counts are remembered between reads (`ShelfCountMemory`): every kind of change a
/// reader makes must still show at once.
@Suite("Library: remembered shelf counts follow every change")
struct ShelfCountMemoryTests {
    @Test("an add, a status change, a finishing page, a batch, an undone batch and a delete each move the counts")
    func countsFollowChanges() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            func shelves() async throws -> [ReadingStatus: Int] {
                let dto = try await app.send(.GET, "/api/v1/library/shelves", token: token).decode(ShelvesDTO.self)
                return Dictionary(uniqueKeysWithValues: dto.shelves.map { ($0.status, $0.count) })
            }
            let one = try await app.addEntry(token, title: "One", pageCount: 100, extra: ["status": "reading"])
            #expect(try await shelves()[.reading] == 1)
            // Remembered on SQLite (PostgreSQL counts every time): the next answers come from memory.
            let userID = try #require(try await User.query(on: app.db).first()?.id)
            #expect(ShelfCountMemory.remembers(userID) == !Self.onPostgres)
            #expect(try await shelves()[.reading] == 1)
            let two = try await app.addEntry(token, title: "Two", extra: ["status": "wantToRead"])
            #expect(try await shelves()[.wantToRead] == 1)

            try await app.must(.POST, "/api/v1/library/\(two.id)/status", token: token, json: ["status": "onHold"])
            var counts = try await shelves()
            #expect(counts[.wantToRead] == 0 && counts[.onHold] == 1)

            // The last page finishes the book: reading -> read.
            try await app.must(.POST, "/api/v1/library/\(one.id)/progress", token: token, json: ["page": 100])
            counts = try await shelves()
            #expect(counts[.reading] == 0 && counts[.read] == 1)

            // An atomic batch that fails undoes its status change; the counts stay.
            let failing = try await app.send(
                .POST, "/api/v1/batch", token: token,
                json: [
                    "atomic": true,
                    "operations": [
                        ["method": "POST", "path": "/api/v1/library/\(two.id)/status", "body": ["status": "reading"]],
                        ["method": "POST", "path": "/api/v1/library/\(UUID())/status", "body": ["status": "reading"]],
                    ],
                ])
            #expect(failing.object["committed"] as? Bool == false, "\(failing.body.prefix(400))")
            counts = try await shelves()
            #expect(counts[.onHold] == 1 && counts[.reading] == 0)
            // The same change, committed this time.
            let passing = try await app.must(
                .POST, "/api/v1/batch", token: token,
                json: [
                    "atomic": true,
                    "operations": [
                        ["method": "POST", "path": "/api/v1/library/\(two.id)/status", "body": ["status": "reading"]]
                    ],
                ])
            #expect(passing.object["committed"] as? Bool == true)
            counts = try await shelves()
            #expect(counts[.onHold] == 0 && counts[.reading] == 1)

            try await app.must(.DELETE, "/api/v1/library/\(two.id)", token: token)
            counts = try await shelves()
            #expect(counts[.reading] == 0 && counts.values.reduce(0, +) == 1)
        }
    }

    static var onPostgres: Bool {
        !(ProcessInfo.processInfo.environment["DOGEAR_TEST_POSTGRES_URL"] ?? "").isEmpty
    }

    private struct Undo: Error {}

    @Test("counts read inside a transaction that rolls back are not remembered for the version it numbered")
    func rolledBackRead() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let one = try await app.addEntry(token, title: "One", extra: ["status": "reading"])
            let two = try await app.addEntry(token, title: "Two", extra: ["status": "reading"])
            let user = try #require(try await User.query(on: app.db).first())
            let today = try #require(LocalDate("2026-11-27"))
            let outside = LibraryQueryService(db: app.db, user: user, today: today)
            #expect(try await outside.shelves().count(.reading) == 2)
            // Inside a transaction: One is finished (the log numbers version v+1), the counts are
            // read there, then it all rolls back.
            await #expect(throws: Undo.self) {
                try await app.db.writeTransaction { db in
                    _ = try await LibraryService(db: db, user: user, today: today, now: Date())
                        .changeStatus(one.id, to: StatusChangeInput(status: "read"))
                    let inside = try await LibraryQueryService(db: db, user: user, today: today).shelves()
                    #expect(inside.count(.read) == 1)
                    throw Undo()
                }
            }
            // Another change numbers v+1 again: Two goes on hold. The counts must be these.
            try await app.must(.POST, "/api/v1/library/\(two.id)/status", token: token, json: ["status": "onHold"])
            let counts = try await outside.shelves()
            #expect(counts.count(.read) == 0)
            #expect(counts.count(.onHold) == 1)
            #expect(counts.count(.reading) == 1)
        }
    }
}
