import Foundation
import Testing
import Vapor

@testable import DogearBench
@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

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
        /// Operations the server carried out (2xx, or a web form's 303): a run where every write was
        /// refused would leave three empty copies that agree.
        var carriedOut = 0
    }

    /// Every answer is a success or a refusal the sequence expects: 404 for a thing an earlier step
    /// deleted (as an offline app's stale id gets), 412 for a stale version, and what the step
    /// names. Anything else (a 5xx above all) fails the test with the operation.
    static func check(
        _ status: HTTPStatus, _ operation: String, _ world: inout World, allowing expected: Set<UInt> = [404],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if (200..<300).contains(status.code) || status == .seeOther {
            world.carriedOut += 1
        } else if !expected.contains(status.code) {
            Issue.record("\(operation) answered \(status)", sourceLocation: sourceLocation)
        }
    }

    static let titles = [
        "Kindred", "Dawn", "Piranesi", "Circe", "Beloved", "Middlemarch", "Emma", "Dune", "Solaris", "Ubik", "Lolita",
        "Ulysses",
    ]

    /// Applies one random operation and checks its answer; returns its name (for a failure's message).
    /// `skipping` names operations this caller leaves out (they answer "-").
    static func step(_ world: inout World, _ rng: inout SeededRandom, skipping: Set<Int> = []) async throws -> String {
        let app = world.app
        let t = world.token
        func any(_ ids: [String]) -> String? { ids.isEmpty ? nil : rng.pick(ids) }
        /// Sends, checks the answer (`allowing` the refusals this operation may meet) and returns it.
        func call(
            _ operation: String, _ method: HTTPMethod, _ path: String, json: Any? = nil, headers: HTTPHeaders = [:],
            allowing expected: Set<UInt> = [404]
        ) async throws -> Reply {
            let reply = try await app.send(method, path, token: t, json: json, headers: headers)
            check(reply.status, operation, &world, allowing: expected)
            return reply
        }
        /// Opens the book's page (for its form's token), then posts `action` on it as the page would.
        func web(_ operation: String, book id: String, _ action: String, _ fields: [(String, String)]) async throws {
            _ = try await world.web.get("/books/\(id)")
            let page = try await world.web.post("/books/\(id)/\(action)", fields)
            check(page.status, "\(operation) (\(page.body.prefix(300)))", &world)
        }
        let operation = Int.random(in: 0..<28, using: &rng)
        guard !skipping.contains(operation) else { return "-" }
        switch operation {
        case 0, 1, 2:
            let title = rng.pick(titles)
            let reply = try await call(
                "add \(title)", .POST, "/api/v1/library", json: ["book": ["title": title, "authors": ["A. \(title)"]]],
                allowing: [409])  // that book is in the library already
            if let id = reply["id"] as? String { world.entries.append(id) }
            return "add \(title)"
        case 3:
            guard let id = any(world.entries) else { return "-" }
            let tags = (0..<Int.random(in: 0...2, using: &rng)).map { _ in rng.pick(["winter", "club", "reread"]) }
            _ = try await call(
                "rate \(id)", .PATCH, "/api/v1/library/\(id)", json: ["rating": Int.random(in: 1...5, using: &rng), "tags": tags])
            return "rate \(id)"
        case 4:
            guard let id = any(world.entries) else { return "-" }
            _ = try await call(
                "status \(id)", .POST, "/api/v1/library/\(id)/status",
                json: ["status": rng.pick(["reading", "read", "wantToRead", "didNotFinish"])])
            return "status \(id)"
        case 5:
            guard let id = any(world.entries) else { return "-" }
            _ = try await call("delete \(id)", .DELETE, "/api/v1/library/\(id)")
            world.entries.removeAll { $0 == id }
            return "delete \(id)"
        case 6:
            guard let id = any(world.entries) else { return "-" }
            let reply = try await call(
                "note on \(id)", .POST, "/api/v1/library/\(id)/notes", json: ["content": "note \(rng.next() % 100)"])
            if let note = reply["id"] as? String { world.notes.append(note) }
            return "note on \(id)"
        case 7:
            guard let id = any(world.entries) else { return "-" }
            try await web("web note on \(id)", book: id, "notes", [("content", "from the page \(rng.next() % 100)")])
            return "web note on \(id)"
        case 8:
            guard let id = any(world.notes) else { return "-" }
            _ = try await call("edit note \(id)", .PATCH, "/api/v1/notes/\(id)", json: ["content": "edited \(rng.next() % 100)"])
            return "edit note \(id)"
        case 9:
            guard let id = any(world.notes) else { return "-" }
            _ = try await call("delete note \(id)", .DELETE, "/api/v1/notes/\(id)")
            return "delete note \(id)"
        case 10:
            guard let id = any(world.entries) else { return "-" }
            let reply = try await call(
                "quote on \(id)", .POST, "/api/v1/library/\(id)/quotes", json: ["text": "quote \(rng.next() % 100)"])
            if let quote = reply["id"] as? String { world.quotes.append(quote) }
            return "quote on \(id)"
        case 11:
            guard let id = any(world.quotes) else { return "-" }
            _ = try await call("delete quote \(id)", .DELETE, "/api/v1/quotes/\(id)")
            return "delete quote \(id)"
        case 12:
            guard let id = any(world.entries) else { return "-" }
            _ = try await call(
                "session on \(id)", .POST, "/api/v1/library/\(id)/sessions",
                json: ["date": "2026-03-1\(Int.random(in: 0...4, using: &rng))", "minutes": 20])
            return "session on \(id)"
        case 13:
            let reply = try await call(
                "new list", .POST, "/api/v1/lists",
                json: ["name": "List \(rng.next() % 1000)", "isPublic": Bool.random(using: &rng)],
                allowing: [])
            if let id = reply["id"] as? String { world.lists.append(id) }
            return "new list"
        case 14:
            guard let list = any(world.lists), let entry = any(world.entries) else { return "-" }
            // 409: the entry is on that list already.
            let reply = try await call(
                "add \(entry) to list \(list)", .POST, "/api/v1/lists/\(list)/items", json: ["entryId": entry],
                allowing: [404, 409])
            if let item = reply["id"] as? String { world.items.append((list, item)) }
            return "add \(entry) to list \(list)"
        case 15:
            guard !world.items.isEmpty else { return "-" }
            let (list, item) = world.items[Int.random(in: 0..<world.items.count, using: &rng)]
            _ = try await call(
                "move \(item)", .PATCH, "/api/v1/lists/\(list)/items/\(item)", json: ["position": 0, "note": "top"])
            return "move \(item)"
        case 16:
            guard !world.items.isEmpty else { return "-" }
            let (list, item) = world.items.remove(at: Int.random(in: 0..<world.items.count, using: &rng))
            _ = try await call("remove \(item)", .DELETE, "/api/v1/lists/\(list)/items/\(item)")
            return "remove \(item)"
        case 17:
            guard let list = any(world.lists) else { return "-" }
            if Bool.random(using: &rng) {
                _ = try await call(
                    "rename list \(list)", .PATCH, "/api/v1/lists/\(list)", json: ["name": "Renamed \(rng.next() % 1000)"])
                return "rename list \(list)"
            }
            _ = try await call("delete list \(list)", .DELETE, "/api/v1/lists/\(list)")
            world.lists.removeAll { $0 == list }
            return "delete list \(list)"
        case 18:
            if let goal = any(world.goals), Bool.random(using: &rng) {
                if Bool.random(using: &rng) {
                    _ = try await call("delete goal", .DELETE, "/api/v1/goals/\(goal)")
                    world.goals.removeAll { $0 == goal }
                    return "delete goal"
                }
                _ = try await call(
                    "change goal", .PATCH, "/api/v1/goals/\(goal)", json: ["target": Int.random(in: 1...50, using: &rng)])
                return "change goal"
            }
            let reply = try await call(
                "new goal", .POST, "/api/v1/goals", json: ["year": 2026, "metric": "books", "target": 10], allowing: [])
            if let id = reply["id"] as? String { world.goals.append(id) }
            return "new goal"
        case 19:
            _ = try await call(
                "rename me", .PATCH, "/api/v1/me", json: ["displayName": "Reader \(rng.next() % 100)"], allowing: [])
            return "rename me"
        case 20:
            guard let id = any(world.entries) else { return "-" }
            if Bool.random(using: &rng) {
                try await web("web rating \(id)", book: id, "rating", [("rating", "\(Int.random(in: 1...5, using: &rng))")])
                return "web rating \(id)"
            }
            try await web("web delete \(id)", book: id, "delete", [])
            world.entries.removeAll { $0 == id }
            return "web delete \(id)"
        case 21:
            world.imports += 1
            let title = rng.pick(titles)
            let csv = """
                Book Id,Title,Author,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
                1,\(title),A. \(title),,,4,4.0,P,Paperback,200,2003,1979,2024/01/05,2023/12/01,import-\(world.imports),,read,A review \(world.imports),,,1,0
                """
            let job = try await app.importFile(t, Data(csv.utf8), fileName: "goodreads.csv", query: "shelvesAsLists=true")
            check(job.status == "done" && job.failed == 0 ? .ok : .internalServerError, "import \(title): \(job)", &world)
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
            // The batch itself answers 200 (its operations' answers are inside, an empty note's 422 among them).
            _ = try await call(
                "batch on \(id)", .POST, "/api/v1/batch", json: ["atomic": Bool.random(using: &rng), "operations": operations],
                allowing: [])
            return "batch on \(id)"
        case 23:
            // An app writes with the version its copy holds (stale or not).
            guard let key = world.a.versions.keys.filter({ $0.type == "entry" }).randomElement(using: &rng) else { return "-" }
            _ = try await call(
                "conditional \(key.id)", .PATCH, "/api/v1/library/\(key.id)", json: ["owned": Bool.random(using: &rng)],
                headers: ["If-Match": "\"\(world.a.versions[key]!)\""], allowing: [404, 412])
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
    @discardableResult
    static func assertConverged(_ world: inout World, _ trail: [String], sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> LocalMirror
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
        return fresh
    }

    @Test("after each client syncs, its copy equals the server's data", arguments: 1...8)
    func sequences(seed: Int) async throws {
        try await withDogear { app in
            var rng = SeededRandom(seed: UInt64(seed) &* 7_919)
            var (carriedOut, synced) = (0, 0)
            for sequence in 0..<25 {
                let web = WebClient(app)
                let email = "reader\(seed)-\(sequence)@example.com"
                try await web.signUp(email, name: "Reader", password: "long enough")
                let signIn = try await app.send(.POST, "/api/v1/auth/signin", json: ["email": email, "password": "long enough"])
                var world = World(app: app, token: signIn["token"] as! String, web: web)
                var trail: [String] = []
                for _ in 0..<Int.random(in: 8...20, using: &rng) { trail.append(try await Self.step(&world, &rng)) }
                let fresh = try await Self.assertConverged(&world, trail)
                carriedOut += world.carriedOut
                synced += fresh.objects.keys.filter { $0.type != "profile" }.count
            }
            // The copies agreed on something: the sequences wrote, and the server had data to sync.
            #expect(carriedOut >= 100, "only \(carriedOut) operations were carried out")
            #expect(synced > 25, "the fresh copies held only \(synced) objects besides profiles")
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
                        // Writers only: no web pages (each writer's WebClient is not signed in), no
                        // import, no conditional write from a copy, no syncing. (The skip was once
                        // drawn apart from the operation, so writers did reach the pages, unseen.)
                        for _ in 0..<30 {
                            _ = try await Self.step(&world, &rng, skipping: [7, 20, 21, 23, 24, 25, 26, 27])
                        }
                        #expect(world.carriedOut > 0, "writer \(writer) had nothing carried out")
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
