import DogearCore
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Sync: the changes feed, its tombstones and its cursors")
struct SyncFeedTests {
    /// A reader with one of everything the feed carries.
    struct Everything {
        let token: String
        let entry: String
        let note: String
        let quote: String
        let session: String
        let list: String
        let item: String
        let goal: String
        let savedList: String
    }

    static func everything(_ app: Application, email: String = "ann@example.com") async throws -> Everything {
        let token = try await app.signUp(email)
        let entry = try await app.addEntry(token, title: "The Left Hand of Darkness", authors: ["Ursula K. Le Guin"])
        let note = try await app.send(.POST, "/api/v1/library/\(entry.id)/notes", token: token, json: ["content": "Gethen"])
        let quote = try await app.send(
            .POST, "/api/v1/library/\(entry.id)/quotes", token: token, json: ["text": "Light is the left hand"])
        let session = try await app.send(
            .POST, "/api/v1/library/\(entry.id)/sessions", token: token, json: ["date": "2026-03-13", "minutes": 30])
        let list = try await app.send(.POST, "/api/v1/lists", token: token, json: ["name": "Winter reads"])
        let listID = list["id"] as! String
        let item = try await app.send(
            .POST, "/api/v1/lists/\(listID)/items", token: token, json: ["entryId": entry.id.uuidString])
        let goal = try await app.send(
            .POST, "/api/v1/goals", token: token, json: ["year": 2026, "metric": "books", "target": 12])
        // Someone else's public list, saved.
        let other = try await app.signUp("owner-of-\(email)")
        let shared = try await app.send(.POST, "/api/v1/lists", token: other, json: ["name": "Shared shelf", "isPublic": true])
        let saved = try await app.send(.POST, "/api/v1/shared-lists/\(shared["shareCode"] as! String)/save", token: token)
        for reply in [note, quote, session, list, item, goal, shared] { #expect(reply.status == .created, "\(reply.body)") }
        #expect(saved.status == .ok)
        return Everything(
            token: token, entry: entry.id.uuidString, note: note["id"] as! String, quote: quote["id"] as! String,
            session: session["id"] as! String, list: listID, item: item["id"] as! String, goal: goal["id"] as! String,
            savedList: shared["id"] as! String)
    }

    @Test("a first sync pages through everything of the reader's, in version order, and then nothing is new")
    func firstSync() async throws {
        try await withDogear { app in
            let ann = try await Self.everything(app)
            var pages = 0
            var mirror = LocalMirror()
            while true {
                let reply = try await app.syncPage(ann.token, since: mirror.cursor, limit: 3)
                #expect(reply.status == .ok)
                pages += 1
                if try !mirror.apply(reply.object) { break }
            }
            #expect(pages >= 3, "three at a time, over several pages")
            #expect(mirror.ids("entry") == [ann.entry])
            #expect(mirror.ids("note") == [ann.note])
            #expect(mirror.ids("quote") == [ann.quote])
            #expect(mirror.ids("session") == [ann.session])
            #expect(mirror.ids("list") == [ann.list])
            #expect(mirror.ids("listItem") == [ann.item])
            #expect(mirror.ids("goal") == [ann.goal])
            #expect(mirror.ids("savedList") == [ann.savedList])
            #expect(mirror.ids("profile").count == 1)
            // The upserts are the routes' own objects.
            let shown = try await app.send(.GET, "/api/v1/library/\(ann.entry)", token: ann.token)
            #expect(mirror.object("entry", ann.entry) as NSDictionary? == shown.object as NSDictionary)
            #expect(shown.headers.first(name: .eTag) == "\"\(mirror.versions[.init(type: "entry", id: ann.entry)]!)\"")
            #expect(mirror.object("entry", ann.entry)?["totalMinutes"] as? Int == 30, "the session's minutes are in the entry")
            #expect(mirror.object("listItem", ann.item)?["listId"] as? String == ann.list)
            #expect(mirror.object("listItem", ann.item)?["entryId"] as? String == ann.entry)
            #expect(mirror.object("goal", ann.goal)?["summary"] as? String == "12 books")

            // Nothing new: an empty page, the same cursor.
            let again = try await app.syncPage(ann.token, since: mirror.cursor)
            #expect((again["changes"] as? [Any])?.isEmpty == true)
            #expect(again["hasMore"] as? Bool == false)
            #expect(again["nextCursor"] as? String == mirror.cursor)

            // One change: only it comes.
            try await app.must(.PATCH, "/api/v1/notes/\(ann.note)", token: ann.token, json: ["content": "Karhide"])
            let before = mirror.applied.count
            try await app.sync(ann.token, into: &mirror)
            #expect(mirror.applied.count == before + 1)
            #expect(mirror.object("note", ann.note)?["content"] as? String == "Karhide")
        }
    }

    /// (what is deleted, the types that become tombstones, the types that change with it)
    enum Deletion: String, CaseIterable, Sendable {
        case entry, note, quote, list, listItem, goal, unsave, savedListsOwnerDeletes
    }

    @Test("every deletable type becomes a tombstone, and what went with it too", arguments: Deletion.allCases)
    func tombstones(_ deletion: Deletion) async throws {
        try await withDogear { app in
            let ann = try await Self.everything(app)
            var mirror = try await app.freshMirror(ann.token)
            let t = ann.token
            var gone: [(String, String)] = []
            switch deletion {
            case .entry:
                #expect(try await app.send(.DELETE, "/api/v1/library/\(ann.entry)", token: t).status == .noContent)
                gone = [("entry", ann.entry), ("note", ann.note), ("quote", ann.quote), ("session", ann.session)]
            case .note:
                #expect(try await app.send(.DELETE, "/api/v1/notes/\(ann.note)", token: t).status == .noContent)
                gone = [("note", ann.note)]
            case .quote:
                #expect(try await app.send(.DELETE, "/api/v1/quotes/\(ann.quote)", token: t).status == .noContent)
                gone = [("quote", ann.quote)]
            case .list:
                #expect(try await app.send(.DELETE, "/api/v1/lists/\(ann.list)", token: t).status == .noContent)
                gone = [("list", ann.list), ("listItem", ann.item)]
            case .listItem:
                #expect(try await app.send(.DELETE, "/api/v1/lists/\(ann.list)/items/\(ann.item)", token: t).status == .noContent)
                gone = [("listItem", ann.item)]
            case .goal:
                #expect(try await app.send(.DELETE, "/api/v1/goals/\(ann.goal)", token: t).status == .noContent)
                gone = [("goal", ann.goal)]
            case .unsave:
                let code = try await app.send(.GET, "/api/v1/lists/\(ann.savedList)", token: t)
                let owner = try await app.send(.GET, "/api/v1/lists", token: t).array.first {
                    $0["id"] as? String == ann.savedList
                }
                #expect(owner != nil && code.status == .ok)
                let shareCode = try await app.db.sql.raw(
                    "SELECT share_code FROM lists WHERE id = \(bind: UUID(uuidString: ann.savedList)!)"
                )
                .first()!.decode(column: "share_code", as: String.self)
                #expect(try await app.send(.DELETE, "/api/v1/shared-lists/\(shareCode)/save", token: t).status == .noContent)
                gone = [("savedList", ann.savedList)]
            case .savedListsOwnerDeletes:
                let owner = try await app.send(
                    .POST, "/api/v1/auth/signin", json: ["email": "owner-of-ann@example.com", "password": "long enough"])
                let ownerToken = owner["token"] as! String
                #expect(try await app.send(.DELETE, "/api/v1/lists/\(ann.savedList)", token: ownerToken).status == .noContent)
                gone = [("savedList", ann.savedList)]
            }
            try await app.sync(t, into: &mirror)
            for (type, id) in gone {
                #expect(mirror.object(type, id) == nil, "\(type) \(id) is gone from the copy")
                let tombstone = mirror.applied.last { $0["type"] as? String == type && $0["id"] as? String == id }
                #expect(tombstone?["deletedAt"] != nil, "a tombstone for the \(type)")
            }
            // What is left equals a fresh copy, field by field.
            #expect(try await app.freshMirror(t).objects == mirror.objects)
        }
    }

    /// The write reads the list items around a changed entry with the clubs around it, in one
    /// statement (`EntrySurroundings`): Bob's list holds the same book, and must stay out of Ann's feed.
    @Test("a page read sends the entry and the reader's own list item holding its book again, nobody else's")
    func entryChangeSendsItsListItems() async throws {
        try await withDogear { app in
            let ann = try await Self.everything(app, email: "ann@example.com")
            let bob = try await Self.everything(app, email: "bob@example.com")
            var annCopy = try await app.freshMirror(ann.token)
            var bobCopy = try await app.freshMirror(bob.token)
            let (annBefore, bobBefore) = (annCopy.applied.count, bobCopy.applied.count)
            try await app.must(.POST, "/api/v1/library/\(ann.entry)/progress", token: ann.token, json: ["page": 12])
            try await app.sync(ann.token, into: &annCopy)
            try await app.sync(bob.token, into: &bobCopy)
            let came = Set(annCopy.applied.dropFirst(annBefore).map { "\($0["type"]!)/\($0["id"]!)" })
            #expect(came == ["entry/\(ann.entry)", "listItem/\(ann.item)"])
            #expect(bobCopy.applied.count == bobBefore)
            #expect(annCopy.object("listItem", ann.item)?["entryId"] as? String == ann.entry)
        }
    }

    @Test("another reader's changes never appear in a reader's feed")
    func otherReaders() async throws {
        try await withDogear { app in
            let ann = try await Self.everything(app, email: "ann@example.com")
            let bob = try await Self.everything(app, email: "bob@example.com")
            let annCopy = try await app.freshMirror(ann.token)
            let bobCopy = try await app.freshMirror(bob.token)
            #expect(annCopy.ids("entry") == [ann.entry])
            #expect(bobCopy.ids("entry") == [bob.entry])
            #expect(Set(annCopy.objects.keys).isDisjoint(with: Set(bobCopy.objects.keys)))
            // Bob's later changes leave Ann's feed empty.
            var annLater = annCopy
            try await app.must(.DELETE, "/api/v1/notes/\(bob.note)", token: bob.token)
            _ = try await app.addEntry(bob.token, title: "Another", authors: ["Someone Else"])
            let before = annLater.applied.count
            try await app.sync(ann.token, into: &annLater)
            #expect(annLater.applied.count == before)
            // Nor can Ann write Bob's note with a version she read somewhere.
            let bobNote = try await app.send(
                .PATCH, "/api/v1/entries-are-not-here/\(bob.note)", token: ann.token, json: ["content": "x"])
            #expect(bobNote.status == .notFound)
            let patched = try await app.send(
                .PATCH, "/api/v1/notes/\(bob.quote)", token: ann.token, json: ["content": "x"], headers: ["If-Match": "\"1\""])
            #expect(patched.status == .notFound)
        }
    }

    @Test("a cursor older than the tombstones' retention answers 410 resyncRequired; a fresh sync works")
    func expiry() async throws {
        try await withDogear(
            adjust: { $0.syncTombstoneDays = 30 },
            { app in
                let ann = try await Self.everything(app)
                let old = try await app.freshMirror(ann.token)
                #expect(try await app.send(.DELETE, "/api/v1/notes/\(ann.note)", token: ann.token).status == .noContent)
                // Within the retention, the old cursor still works and hears of the deletion.
                app.clock = .fixed(fixedNow.addingTimeInterval(29 * 86_400))
                var withinTime = old
                try await app.sync(ann.token, into: &withinTime)
                #expect(withinTime.object("note", ann.note) == nil)
                // Past it, the tombstone is forgotten and so is any cursor from before it.
                app.clock = .fixed(fixedNow.addingTimeInterval(31 * 86_400))
                let stale = try await app.syncPage(ann.token, since: old.cursor)
                #expect(stale.status == .gone)
                #expect(stale.errorCode == "resyncRequired")
                #expect(
                    try await app.db.sql.raw("SELECT COUNT(*) AS n FROM sync_changes WHERE deleted_at IS NOT NULL").first()!
                        .decode(column: "n", as: Int.self) == 0)
                // A cursor from after the deletion is fine; so is starting again.
                #expect(try await app.syncPage(ann.token, since: withinTime.cursor).status == .ok)
                let fresh = try await app.freshMirror(ann.token)
                #expect(fresh.objects == withinTime.objects)
            })
    }

    @Test("a cursor this server did not write, or a bad limit, is refused by name")
    func badInput() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            for (query, field) in [
                ("since=nonsense", "since"), ("since=MS5hYmMuLTE", "since"), ("limit=0", "limit"), ("limit=1001", "limit"),
                ("limit=ten", "limit"),
            ] {
                let reply = try await app.send(.GET, "/api/v1/sync?\(query)", token: token)
                #expect(reply.status == .badRequest, "\(query)")
                #expect(reply.errorField == field, "\(query)")
            }
            #expect(try await app.send(.GET, "/api/v1/sync").status == .unauthorized)
        }
    }

    @Test("a restore starts a new epoch: cursors from before it ask for a resync")
    func restoreEpoch() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            _ = try await app.addEntry(token)
            let copy = try await app.freshMirror(token)
            try await DatabaseBackup.startNewSyncEpoch(on: app.db)
            let reply = try await app.syncPage(token, since: copy.cursor)
            #expect(reply.status == .gone)
            #expect(reply.errorCode == "resyncRequired")
            #expect(try await app.freshMirror(token).objects == copy.objects)
        }
    }

    @Test("an import's entries, notes and shelves-as-lists come through the feed like any change")
    func imports() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            var mirror = try await app.freshMirror(token)
            let csv = """
                Book Id,Title,Author,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
                1,Kindred,Octavia E. Butler,,,5,4.3,Beacon,Paperback,264,2003,1979,2024/01/05,2023/12/01,,,read,A review,,,1,0
                2,Dawn,Octavia E. Butler,,,0,4.1,Aspect,Paperback,248,1997,1987,,2024/02/01,,,to-read,,,,0,0
                """
            let job = try await app.importFile(token, Data(csv.utf8), fileName: "goodreads.csv")
            #expect(job.created == 2, "\(job)")
            try await app.sync(token, into: &mirror)
            let titles = mirror.objects.filter { $0.key.type == "entry" }.compactMap {
                (($0.value as? [String: Any])?["work"] as? [String: Any])?["title"] as? String
            }
            #expect(Set(titles) == ["Kindred", "Dawn"])
            #expect(try await app.freshMirror(token).objects == mirror.objects)
        }
    }
}
