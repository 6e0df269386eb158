import Foundation
import Testing
import Vapor

@testable import DogearServer

/// Random sequences of everything a reader can do to their data (the API, the web pages, imports,
/// batches, conditional writes), with two apps syncing at random moments: at the end each app's
/// copy equals the server's data, field by field. Seeded, so a failure replays.
///
/// One case at a time: each keeps a core busy for seconds, and beside the rest of the suite in
/// parallel that starved the tests whose stub sources answer within a time limit.
@Suite("Sync: random sequences over two clients and the web pages", .serialized)
struct SyncPropertyTests {
    /// What the sequence knows exists (it may be stale: an op on a deleted thing gets a 404, as an
    /// offline app's would).
    struct World {
        let app: Application
        let token: String
        let web: WebClient
        var entries: [String] = []
        var notes: [String] = []
        var quotes: [String] = []
        var lists: [String] = []
        var items: [(list: String, item: String)] = []
        var goals: [String] = []
        var a = LocalMirror()
        var b = LocalMirror()
        var imports = 0
    }

    static let titles = [
        "Kindred", "Dawn", "Piranesi", "Circe", "Beloved", "Middlemarch", "Emma", "Dune", "Solaris", "Ubik", "Lolita",
        "Ulysses",
    ]

    /// Applies one random operation; returns its name (for a failure's message).
    static func step(_ world: inout World, _ rng: inout SeededRandom) async throws -> String {
        let app = world.app
        let t = world.token
        func any(_ ids: [String]) -> String? { ids.isEmpty ? nil : rng.pick(ids) }
        switch Int.random(in: 0..<28, using: &rng) {
        case 0, 1, 2:
            let title = rng.pick(titles)
            let reply = try await app.send(
                .POST, "/api/v1/library", token: t, json: ["book": ["title": title, "authors": ["A. \(title)"]]])
            if let id = reply["id"] as? String { world.entries.append(id) }
            return "add \(title)"
        case 3:
            guard let id = any(world.entries) else { return "-" }
            let tags = (0..<Int.random(in: 0...2, using: &rng)).map { _ in rng.pick(["winter", "club", "reread"]) }
            try await app.send(
                .PATCH, "/api/v1/library/\(id)", token: t, json: ["rating": Int.random(in: 1...5, using: &rng), "tags": tags])
            return "rate \(id)"
        case 4:
            guard let id = any(world.entries) else { return "-" }
            try await app.send(
                .POST, "/api/v1/library/\(id)/status", token: t,
                json: ["status": rng.pick(["reading", "read", "wantToRead", "didNotFinish"])])
            return "status \(id)"
        case 5:
            guard let id = any(world.entries) else { return "-" }
            try await app.send(.DELETE, "/api/v1/library/\(id)", token: t)
            world.entries.removeAll { $0 == id }
            return "delete \(id)"
        case 6:
            guard let id = any(world.entries) else { return "-" }
            let reply = try await app.send(
                .POST, "/api/v1/library/\(id)/notes", token: t, json: ["content": "note \(rng.next() % 100)"])
            if let note = reply["id"] as? String { world.notes.append(note) }
            return "note on \(id)"
        case 7:
            guard let id = any(world.entries) else { return "-" }
            _ = try await world.web.get("/books/\(id)")
            _ = try await world.web.post("/books/\(id)/notes", [("content", "from the page \(rng.next() % 100)")])
            return "web note on \(id)"
        case 8:
            guard let id = any(world.notes) else { return "-" }
            try await app.send(.PATCH, "/api/v1/notes/\(id)", token: t, json: ["content": "edited \(rng.next() % 100)"])
            return "edit note \(id)"
        case 9:
            guard let id = any(world.notes) else { return "-" }
            try await app.send(.DELETE, "/api/v1/notes/\(id)", token: t)
            return "delete note \(id)"
        case 10:
            guard let id = any(world.entries) else { return "-" }
            let reply = try await app.send(
                .POST, "/api/v1/library/\(id)/quotes", token: t, json: ["text": "quote \(rng.next() % 100)"])
            if let quote = reply["id"] as? String { world.quotes.append(quote) }
            return "quote on \(id)"
        case 11:
            guard let id = any(world.quotes) else { return "-" }
            try await app.send(.DELETE, "/api/v1/quotes/\(id)", token: t)
            return "delete quote \(id)"
        case 12:
            guard let id = any(world.entries) else { return "-" }
            try await app.send(
                .POST, "/api/v1/library/\(id)/sessions", token: t,
                json: ["date": "2026-03-1\(Int.random(in: 0...4, using: &rng))", "minutes": 20])
            return "session on \(id)"
        case 13:
            let reply = try await app.send(
                .POST, "/api/v1/lists", token: t,
                json: ["name": "List \(rng.next() % 1000)", "isPublic": Bool.random(using: &rng)])
            if let id = reply["id"] as? String { world.lists.append(id) }
            return "new list"
        case 14:
            guard let list = any(world.lists), let entry = any(world.entries) else { return "-" }
            let reply = try await app.send(.POST, "/api/v1/lists/\(list)/items", token: t, json: ["entryId": entry])
            if let item = reply["id"] as? String { world.items.append((list, item)) }
            return "add \(entry) to list \(list)"
        case 15:
            guard !world.items.isEmpty else { return "-" }
            let (list, item) = world.items[Int.random(in: 0..<world.items.count, using: &rng)]
            try await app.send(.PATCH, "/api/v1/lists/\(list)/items/\(item)", token: t, json: ["position": 0, "note": "top"])
            return "move \(item)"
        case 16:
            guard !world.items.isEmpty else { return "-" }
            let (list, item) = world.items.remove(at: Int.random(in: 0..<world.items.count, using: &rng))
            try await app.send(.DELETE, "/api/v1/lists/\(list)/items/\(item)", token: t)
            return "remove \(item)"
        case 17:
            guard let list = any(world.lists) else { return "-" }
            if Bool.random(using: &rng) {
                try await app.send(.PATCH, "/api/v1/lists/\(list)", token: t, json: ["name": "Renamed \(rng.next() % 1000)"])
                return "rename list \(list)"
            }
            try await app.send(.DELETE, "/api/v1/lists/\(list)", token: t)
            world.lists.removeAll { $0 == list }
            return "delete list \(list)"
        case 18:
            if let goal = any(world.goals), Bool.random(using: &rng) {
                if Bool.random(using: &rng) {
                    try await app.send(.DELETE, "/api/v1/goals/\(goal)", token: t)
                    world.goals.removeAll { $0 == goal }
                    return "delete goal"
                }
                try await app.send(
                    .PATCH, "/api/v1/goals/\(goal)", token: t, json: ["target": Int.random(in: 1...50, using: &rng)])
                return "change goal"
            }
            let reply = try await app.send(
                .POST, "/api/v1/goals", token: t, json: ["year": 2026, "metric": "books", "target": 10])
            if let id = reply["id"] as? String { world.goals.append(id) }
            return "new goal"
        case 19:
            try await app.send(.PATCH, "/api/v1/me", token: t, json: ["displayName": "Reader \(rng.next() % 100)"])
            return "rename me"
        case 20:
            guard let id = any(world.entries) else { return "-" }
            _ = try await world.web.get("/books/\(id)")
            if Bool.random(using: &rng) {
                _ = try await world.web.post("/books/\(id)/rating", [("rating", "\(Int.random(in: 1...5, using: &rng))")])
                return "web rating \(id)"
            }
            _ = try await world.web.post("/books/\(id)/delete", [])
            world.entries.removeAll { $0 == id }
            return "web delete \(id)"
        case 21:
            world.imports += 1
            let title = rng.pick(titles)
            let csv = """
                Book Id,Title,Author,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
                1,\(title),A. \(title),,,4,4.0,P,Paperback,200,2003,1979,2024/01/05,2023/12/01,import-\(world.imports),,read,A review \(world.imports),,,1,0
                """
            _ = try await app.importFile(t, Data(csv.utf8), fileName: "goodreads.csv", query: "shelvesAsLists=true")
            return "import \(title)"
        case 22:
            guard let id = any(world.entries) else { return "-" }
            let operations: [[String: Any]] = [
                ["method": "POST", "path": "/api/v1/library/\(id)/notes", "body": ["content": "batched"]],
                ["method": "PATCH", "path": "/api/v1/library/\(id)", "body": ["favorite": true]],
                [
                    "method": "POST", "path": "/api/v1/library/\(id)/notes",
                    "body": ["content": Bool.random(using: &rng) ? "" : "ok"],
                ],
            ]
            try await app.send(
                .POST, "/api/v1/batch", token: t, json: ["atomic": Bool.random(using: &rng), "operations": operations])
            return "batch on \(id)"
        case 23:
            // An app writes with the version its copy holds (stale or not).
            guard let key = world.a.versions.keys.filter({ $0.type == "entry" }).randomElement(using: &rng) else { return "-" }
            try await app.send(
                .PATCH, "/api/v1/library/\(key.id)", token: t, json: ["owned": Bool.random(using: &rng)],
                headers: ["If-Match": "\"\(world.a.versions[key]!)\""])
            return "conditional \(key.id)"
        case 24, 25:
            try await app.sync(t, into: &world.a, limit: Int.random(in: 1...7, using: &rng))
            return "sync a"
        default:
            try await app.sync(t, into: &world.b, limit: Int.random(in: 1...7, using: &rng))
            return "sync b"
        }
    }

    /// Both copies equal a fresh one, and the fresh one equals what the single routes answer.
    static func assertConverged(_ world: inout World, _ trail: [String], sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        try await world.app.sync(world.token, into: &world.a)
        try await world.app.sync(world.token, into: &world.b)
        let fresh = try await world.app.freshMirror(world.token)
        #expect(world.a.objects == fresh.objects, "client a after \(trail.suffix(6))", sourceLocation: sourceLocation)
        #expect(world.b.objects == fresh.objects, "client b after \(trail.suffix(6))", sourceLocation: sourceLocation)
        #expect(world.a.versions == fresh.versions, sourceLocation: sourceLocation)
        // The server's own routes, for the library and its notes.
        let library = try await world.app.send(.GET, "/api/v1/library?limit=100", token: world.token).object
        let entries = (library["items"] as? [[String: Any]]) ?? []
        #expect(Set(entries.compactMap { $0["id"] as? String }) == fresh.ids("entry"), sourceLocation: sourceLocation)
        for entry in entries {
            guard let id = entry["id"] as? String else { continue }
            let shown = try await world.app.send(.GET, "/api/v1/library/\(id)", token: world.token).object as NSDictionary
            #expect(fresh.object("entry", id) as NSDictionary? == shown, "entry \(id)", sourceLocation: sourceLocation)
            let notes = try await world.app.send(.GET, "/api/v1/library/\(id)/notes", token: world.token).array
            for note in notes {
                #expect(
                    fresh.object("note", note["id"] as! String) as NSDictionary? == note as NSDictionary,
                    sourceLocation: sourceLocation)
            }
        }
    }

    @Test("after each client syncs, its copy equals the server's data", arguments: 1...8)
    func sequences(seed: Int) async throws {
        try await withDogear { app in
            var rng = SeededRandom(seed: UInt64(seed) &* 7_919)
            for sequence in 0..<25 {
                let web = WebClient(app)
                let email = "reader\(seed)-\(sequence)@example.com"
                try await web.signUp(email, name: "Reader", password: "long enough")
                let signIn = try await app.send(.POST, "/api/v1/auth/signin", json: ["email": email, "password": "long enough"])
                var world = World(app: app, token: signIn["token"] as! String, web: web)
                var trail: [String] = []
                for _ in 0..<Int.random(in: 8...20, using: &rng) { trail.append(try await Self.step(&world, &rng)) }
                try await Self.assertConverged(&world, trail)
            }
        }
    }

    @Test("nothing is missed while writers and a syncing client run at the same time", arguments: 1...3)
    func concurrent(seed: Int) async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp("busy@example.com", name: "Busy", password: "long enough")
            let token =
                try await app.send(.POST, "/api/v1/auth/signin", json: ["email": "busy@example.com", "password": "long enough"])[
                    "token"] as! String
            let writing = ManagedAtomicFlag()
            async let syncer: LocalMirror = {
                var copy = LocalMirror()
                while !writing.isDone {
                    try await app.sync(token, into: &copy, limit: 3)
                    try await Task.sleep(for: .milliseconds(2))
                }
                return copy
            }()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<4 {
                    group.addTask {
                        var rng = SeededRandom(seed: UInt64(seed * 100 + writer))
                        var world = World(app: app, token: token, web: WebClient(app))
                        for _ in 0..<30 {
                            let op = Int.random(in: 0..<24, using: &rng)
                            // Writers only (no web pages: each writer's WebClient is not signed in; no syncing).
                            guard ![7, 20, 21, 23].contains(op) else { continue }
                            _ = try await Self.step(&world, &rng)
                        }
                    }
                }
                try await group.waitForAll()
            }
            writing.finish()
            var copy = try await syncer
            try await app.sync(token, into: &copy)
            let fresh = try await app.freshMirror(token)
            let differing = Set(copy.objects.keys).union(fresh.objects.keys).filter { copy.objects[$0] != fresh.objects[$0] }
            #expect(
                differing.isEmpty,
                "\(differing.map { "\($0): copy v\(copy.versions[$0] ?? 0) \(copy.objects[$0]?.description.prefix(400) ?? "nil") / server v\(fresh.versions[$0] ?? 0) \(fresh.objects[$0]?.description.prefix(400) ?? "nil")" })"
            )
            #expect(copy.versions == fresh.versions)
            #expect(fresh.ids("entry").count > 0)
        }
    }
}

/// Set once by the test when the writers are done.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    var isDone: Bool { lock.withLock { done } }
    func finish() { lock.withLock { done = true } }
}
