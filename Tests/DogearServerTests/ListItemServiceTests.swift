import DogearCore
import Fluent
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("List items: adding, order, moving, notes")
struct ListItemServiceTests {
    struct Reader {
        let token: String
        let user: User
        let lists: ListService
        var items: ListItemService { ListItemService(lists: lists) }
    }

    func reader(_ app: Application, _ email: String) async throws -> Reader {
        let token = try await app.signUp(email, name: String(email.prefix(3)).capitalized)
        let user = try #require(try await User.query(on: app.db).filter(\.$emailKey == email).first())
        return Reader(token: token, user: user, lists: ListService(db: app.db, user: user, tiersEnabled: false))
    }

    @Test("a book is added by work, by the reader's entry or by ISBN, once per list, and need not be in the library")
    func adding() async throws {
        try await withDogear { app in
            let ann = try await reader(app, "ann@example.com")
            let bob = try await reader(app, "bob@example.com")
            let lookups = BookLookupService(db: app.db, chain: app.lookupChain, now: app.clock.now)
            let piranesi = try await app.addEntry(ann.token, title: "Piranesi", isbn: "9781635575637")
            let kindred = try await app.addEntry(bob.token, title: "Kindred", authors: ["Octavia E. Butler"])
            let list = try await ann.lists.create(ListDraft(name: "Summer 2027"))

            _ = try await ann.items.add(to: list.id, .init(entryId: piranesi.id, note: "  re-read  "), lookingUpWith: lookups)
            _ = try await ann.items.add(to: list.id, .init(workId: kindred.work.id), lookingUpWith: lookups)  // not Ann's
            #expect(
                await refusal {
                    _ = try await ann.items.add(to: list.id, .init(isbn: "978-1-63557-563-7"), lookingUpWith: lookups)
                }
                    == "alreadyOnList")
            #expect(
                await refusal { _ = try await ann.items.add(to: list.id, .init(entryId: kindred.id), lookingUpWith: lookups) }
                    == "entryNotFound")  // Bob's entry
            #expect(
                await refusal { _ = try await ann.items.add(to: list.id, .init(), lookingUpWith: lookups) } == "invalid:workId")
            #expect(
                await refusal {
                    _ = try await ann.items.add(to: list.id, .init(workId: UUID(), isbn: "9781635575637"), lookingUpWith: lookups)
                } == "invalid:workId")
            #expect(
                await refusal {
                    _ = try await ann.items.add(
                        to: list.id, .init(workId: kindred.work.id, note: String(repeating: "n", count: 501)),
                        lookingUpWith: lookups)
                } == "invalid:note")

            let page = try await ann.items.items(list.id, after: nil, limit: 50)
            #expect(page.items.map(\.work.title) == ["Piranesi", "Kindred"])
            #expect(page.items.map(\.note) == ["re-read", nil])
            #expect(page.items.map(\.entryId) == [piranesi.id, nil])
            #expect(try await ann.lists.list(list.id).itemCount == 2)
            // Bob cannot add to Ann's list, even once it is public.
            #expect(
                await refusal { _ = try await bob.items.add(to: list.id, .init(workId: kindred.work.id), lookingUpWith: lookups) }
                    == "listNotFound")
            _ = try await ann.lists.update(list.id, ListDraft(isPublic: true))
            #expect(
                await refusal { _ = try await bob.items.add(to: list.id, .init(workId: kindred.work.id), lookingUpWith: lookups) }
                    == "forbidden")
            #expect(try await bob.items.items(list.id, after: nil, limit: 50).items.count == 2)
        }
    }

    @Test("moving the last of 5,000 books to the top writes one row, and the order shows it")
    func moveOneOfMany() async throws {
        try await withDogear { app in
            let ann = try await reader(app, "ann@example.com")
            let list = try await ann.lists.create(ListDraft(name: "Everything"))
            let listID = try #require(UUID(uuidString: list.id))
            // 5,000 works and items written in bulk, in order.
            let now = app.clock.now()
            let works = (0..<5_000).map { _ in UUID() }
            let bulk = BulkInsert(sql: app.db.sql)
            try await bulk.insert(
                into: "works",
                [
                    ("id", .uuid), ("title", .text), ("genres", .texts), ("cultural_themes", .texts),
                    ("content_warnings", .texts),
                    ("awards", .texts), ("source", .text), ("quality_score", .int), ("review_status", .text),
                    ("readers_count", .int), ("ratings_count", .int), ("created_at", .date), ("updated_at", .date),
                ],
                rows: works.enumerated().map { index, id in
                    [
                        .uuid(id), .text("Book \(index)"), .texts([]), .texts([]), .texts([]), .texts([]), .text("manual"),
                        .int(0), .text("verified"), .int(0), .int(0), .date(now), .date(now),
                    ]
                })
            try await bulk.insert(
                into: "list_items",
                [
                    ("id", .uuid), ("list_id", .uuid), ("work_id", .uuid), ("position", .int), ("created_at", .date),
                    ("updated_at", .date),
                ],
                rows: zip(works, ListOrder.renumbered(count: works.count)).map { work, position in
                    [.uuid(UUID()), .uuid(listID), .uuid(work), .int(Int(position)), .date(now), .date(now)]
                })
            func positions() async throws -> [UUID: Int64] {
                var result: [UUID: Int64] = [:]
                for row in try await app.db.sql.raw("SELECT id, position FROM list_items").all() {
                    result[try row.decode(column: "id", as: UUID.self)] = try row.decode(column: "position", as: Int64.self)
                }
                return result
            }
            let before = try await positions()
            let last = try #require(
                try await ReadingListItem.query(on: app.db).filter(\.$list.$id == listID).sort(\.$position, .descending).first())
            try await ann.items.move(try last.requireID(), in: list.id, to: 0)
            let after = try await positions()
            let changed = after.filter { before[$0.key] != $0.value }
            #expect(changed.count == 1)
            #expect(changed.keys.first == last.id)
            let top = try await ann.items.items(list.id, after: nil, limit: 2)
            #expect(top.items.first?.work.title == "Book 4999")
            #expect(top.items.last?.work.title == "Book 0")
        }
    }

    @Test("moves anywhere keep every book once, in the order asked, also when the gap closes and the list is renumbered")
    func moves() async throws {
        try await withDogear { app in
            let ann = try await reader(app, "ann@example.com")
            let lookups = BookLookupService(db: app.db, chain: app.lookupChain, now: app.clock.now)
            let list = try await ann.lists.create(ListDraft(name: "Five"))
            var expected: [String] = []
            for title in ["A", "B", "C", "D", "E"] {
                let entry = try await app.addEntry(ann.token, title: title, authors: ["X"])
                _ = try await ann.items.add(to: list.id, .init(workId: entry.work.id), lookingUpWith: lookups)
                expected.append(title)
            }
            func titles() async throws -> [String] {
                var result: [String] = []
                var cursor: UUID?
                repeat {
                    let page = try await ann.items.items(list.id, after: cursor, limit: 2)
                    result += page.items.map(\.work.title)
                    cursor = page.nextCursor.flatMap(LibraryFilter.decodeCursor)
                } while cursor != nil
                return result
            }
            func idOf(_ title: String) async throws -> UUID {
                try #require(try await ann.items.items(list.id, after: nil, limit: 50).items.first { $0.work.title == title }?.id)
            }
            // Twenty moves into the same slot close its gap (sixteen halvings) and force a renumbering.
            for round in 0..<20 {
                let title = round % 2 == 0 ? "E" : "D"
                try await ann.items.move(try await idOf(title), in: list.id, to: 1)
                expected.removeAll { $0 == title }
                expected.insert(title, at: 1)
                #expect(try await titles() == expected, "round \(round)")
            }
            try await ann.items.move(try await idOf("A"), in: list.id, to: 99)
            expected.removeAll { $0 == "A" }
            expected.append("A")
            #expect(try await titles() == expected)
        }
    }

    @Test("a note is set and cleared; a removed book leaves the count right; another list's item is not found")
    func notesAndRemoval() async throws {
        try await withDogear { app in
            let ann = try await reader(app, "ann@example.com")
            let lookups = BookLookupService(db: app.db, chain: app.lookupChain, now: app.clock.now)
            let first = try await ann.lists.create(ListDraft(name: "One"))
            let second = try await ann.lists.create(ListDraft(name: "Two"))
            let entry = try await app.addEntry(ann.token)
            let item = try await ann.items.add(to: first.id, .init(workId: entry.work.id), lookingUpWith: lookups)
            let itemID = try item.requireID()
            #expect(try await ann.items.setNote(itemID, in: first.id, to: "For the beach").note == "For the beach")
            #expect(try await ann.items.setNote(itemID, in: first.id, to: "  ").note == nil)
            #expect(await refusal { try await ann.items.remove(itemID, from: second.id) } == "listItemNotFound")
            try await ann.items.remove(itemID, from: first.id)
            #expect(try await ann.lists.list(first.id).itemCount == 0)
            #expect(try await ann.items.items(first.id, after: nil, limit: 10).items.isEmpty)
        }
    }

    @Test("a default list's books are the library's, newest first, and cannot be added by hand")
    func defaultListItems() async throws {
        try await withDogear { app in
            let ann = try await reader(app, "ann@example.com")
            let lookups = BookLookupService(db: app.db, chain: app.lookupChain, now: app.clock.now)
            let reading = try await app.addEntry(ann.token, title: "Now", extra: ["status": "reading"])
            _ = try await app.addEntry(ann.token, title: "Later", extra: ["status": "to-read"])
            let page = try await ann.items.items("currently-reading", after: nil, limit: 10)
            #expect(page.items.map(\.work.title) == ["Now"])
            #expect(page.items.first?.entryId == reading.id)
            #expect(
                await refusal {
                    _ = try await ann.items.add(to: "finished", .init(workId: reading.work.id), lookingUpWith: lookups)
                }
                    == "cannotChangeDefault")
        }
    }
}

@Suite("List items show covers")
struct ListItemCoverTests {
    @Test("a book's cover on a list is the reader's edition's, else the first edition's that has one")
    func covers() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let user = try #require(try await User.query(on: app.db).first())
            let lists = ListService(db: app.db, user: user, tiersEnabled: false)
            let lookups = BookLookupService(db: app.db, chain: app.lookupChain, now: app.clock.now)
            let withCover = try await app.send(
                .POST, "/api/v1/library", token: token,
                json: ["book": ["title": "Piranesi", "authors": ["Susanna Clarke"], "coverUrl": "https://covers.example/p.jpg"]]
            ).entry
            let without = try await app.addEntry(token, title: "Kindred", authors: ["Octavia E. Butler"], pageCount: nil)
            let list = try await lists.create(ListDraft(name: "Covers"))
            for entry in [withCover, without] {
                _ = try await ListItemService(lists: lists).add(to: list.id, .init(entryId: entry.id), lookingUpWith: lookups)
            }
            let items = try await ListItemService(lists: lists).items(list.id, after: nil, limit: 10).items
            #expect(items.map(\.coverUrl) == ["https://covers.example/p.jpg", nil])
        }
    }
}
