import DogearTestSupport
import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Issue 36's batch holes, replayed: a batch that reached itself or an account route through a
/// path's spelling held the SQLite writer turn against itself and stopped every write after it.
@Suite("Trust: a batch holds only the writes it may, and never stops the server")
struct BatchAttackTests {
    /// Each path is refused before anything runs, named by its operation, whatever its spelling.
    static let refusedPaths = [
        "/api/v1//batch", "/api/v1/batch#x", "/api/v1/batch?x=1", "//api//v1//batch//", "/api/v1/batch/",
        "/api/v1/me/password", "/api/v1//me/password", "/api/v1/tokens", "/api/v1/sessions", "/api/v1/auth/signout",
        "/api/v1/imports", "/api/v1/clubs/join", "/api/v1/shared-lists/ABCDEF/save", "/api/v1/discover/learn-library",
        "/api/v1/../v1/library", "/api/v1/LIBRARY",
    ]

    @Test("a nested batch or an account route in a batch answers 422 naming the operation, and another reader still writes")
    func refusedShapes() async throws {
        try await withDogear { app in
            let attacker = try await app.signUp("mallory@example.com")
            let other = try await app.signUp("ann@example.com")
            for path in Self.refusedPaths {
                let inner: [String: Any] = [
                    "atomic": true,
                    "operations": [["method": "DELETE", "path": "/api/v1/goals/00000000-0000-0000-0000-000000000000"]],
                ]
                let body: [String: Any] = [
                    "atomic": true,
                    "operations": [
                        ["method": "POST", "path": "/api/v1/lists", "body": ["name": "First"]],
                        [
                            "method": "POST", "path": path,
                            "body": path.contains("password")
                                ? ["currentPassword": "long enough", "newPassword": "another long one"] : inner,
                        ],
                    ],
                ]
                let raw = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
                let reply = try await answered("batch \(path)") {
                    try await app.send(.POST, "/api/v1/batch", token: attacker, raw: raw)
                }
                #expect(reply.status == .unprocessableEntity, "\(path): \(reply.status) \(reply.body.prefix(200))")
                #expect(reply.errorField == "operations[1].path", "\(path)")
                if path.contains("batch") { #expect(reply.errorMessage == "a batch cannot hold another batch", "\(path)") }
                // Another reader's write and the health check answer right after.
                let patched = try await answered("PATCH /me") {
                    try await app.send(.PATCH, "/api/v1/me", token: other, json: ["displayName": "Ann \(path.count)"])
                }
                #expect(patched.status == .ok)
                #expect(try await answered("/health") { try await app.send(.GET, "/health") }.status == .ok)
            }
            // Nothing of the refused batches was written.
            let lists = try await app.send(.GET, "/api/v1/lists", token: attacker).array
            #expect(lists.allSatisfy { $0["name"] as? String != "First" })
            // The password stayed the same.
            #expect(
                try await app.send(
                    .POST, "/api/v1/auth/signin", json: ["email": "mallory@example.com", "password": "long enough"]
                ).status == .ok)
        }
    }

    @Test("a batchable route still runs when its path is spelt loosely (doubled slashes, a fragment), as the router reads it")
    func looseSpelling() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let reply = try await app.send(
                .POST, "/api/v1/batch", token: token,
                json: [
                    "atomic": true,
                    "operations": [
                        ["method": "POST", "path": "/api/v1//lists#here", "body": ["name": "Loose"]],
                        [
                            "method": "POST", "path": "/api/v1/library/",
                            "body": ["book": ["title": "Piranesi", "authors": ["S"]]],
                        ],
                    ],
                ])
            #expect(reply.status == .ok, "\(reply.body.prefix(300))")
            #expect(reply.object["committed"] as? Bool == true)
            let results = try #require(reply.object["results"] as? [[String: Any]])
            #expect(results.map { $0["status"] as? Int } == [201, 201])
            #expect(try await app.send(.GET, "/api/v1/lists", token: token).array.contains { $0["name"] as? String == "Loose" })
        }
    }

    @Test("an atomic batch looks its ISBNs up before its transaction: another reader writes while the source is slow")
    func lookupsBeforeTheTransaction() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.shutdown() } }
        Recorded.mrFox(stub)
        // The edition's answer is slow: the batch is waiting on the network while the other reader writes.
        stub.stub("/books/OL7353617M.json", json: Recorded.olEdition, delay: .seconds(4))
        try await withDogear(
            adjust: {
                $0.openLibraryBaseURL = stub.baseURL
                $0.googleBooksBaseURL = stub.baseURL
                $0.sourceTimeLimitSeconds = 30
            },
            { app in
                let reader = try await app.signUp("reader@example.com")
                let other = try await app.signUp("ann@example.com")
                let order = OrderLog()
                let batch = Task {
                    let reply = try await app.send(
                        .POST, "/api/v1/batch", token: reader,
                        json: [
                            "atomic": true,
                            "operations": [
                                ["method": "POST", "path": "/api/v1/lists", "body": ["name": "Foxes"]],
                                ["method": "POST", "path": "/api/v1/library", "body": ["isbn": "9780140328721"]],
                                ["method": "POST", "path": "/api/v1/library", "body": ["isbn": "978-0-306-40615-7"]],
                            ],
                        ])
                    order.append("batch")
                    return reply
                }
                // Wait until the batch is asking the source for the edition.
                while !stub.requests.contains("/books/OL7353617M.json") { try await Task.sleep(for: .milliseconds(20)) }
                let patched = try await app.send(.PATCH, "/api/v1/me", token: other, json: ["displayName": "Ann"])
                order.append("other reader")
                #expect(patched.status == .ok)
                let reply = try await batch.value
                #expect(order.entries == ["other reader", "batch"], "the other reader's write waited for the batch's lookup")
                // The unknown ISBN fails the batch with what the sources said; nothing is kept.
                #expect(reply.object["committed"] as? Bool == false, "\(reply.body.prefix(400))")
                #expect(reply.object["failedIndex"] as? Int == 2)
                let results = try #require(reply.object["results"] as? [[String: Any]])
                #expect(results.map { $0["status"] as? Int } == [201, 201, 404])
                let failure = try #require((results[2]["body"] as? [String: Any])?["error"] as? [String: Any])
                #expect((failure["sources"] as? [Any])?.isEmpty == false, "the sources' answers are told")
                #expect(try await app.send(.GET, "/api/v1/library", token: reader).entries.items.isEmpty)

                // Without the unknown book it commits, and the found book came from the catalog the lookup filled.
                stub.resetCount()
                let again = try await app.send(
                    .POST, "/api/v1/batch", token: reader,
                    json: [
                        "atomic": true,
                        "operations": [["method": "POST", "path": "/api/v1/library", "body": ["isbn": "0-14-032872-6"]]],
                    ])
                #expect(again.object["committed"] as? Bool == true, "\(again.body.prefix(400))")
                #expect(stub.requestCount == 0, "the catalog answered")
                let titles = try await app.send(.GET, "/api/v1/library", token: reader).entries.items.map(\.work.title)
                #expect(titles.count == 1 && titles[0].hasPrefix("Fantastic Mr"), "\(titles)")
            })
    }

    @Test(
        "a write transaction asked for again on a task that holds the SQLite writer turn fails at once instead of waiting for itself"
    )
    func nestedWriteTransaction() async throws {
        try await withDogear { app in
            let outer = app.db
            let outcome = try await answered("the nested transaction") {
                do {
                    try await outer.writeTransaction { _ in
                        try await outer.writeTransaction { db in
                            try await db.sql.raw("UPDATE _fluent_migrations SET name = name WHERE 1 = 0").run()
                        }
                    }
                    return "committed"
                } catch is SQLiteWriters.NestedWriteTransaction {
                    return "refused"
                }
            }
            // PostgreSQL has no writer turn: the inner transaction is a second connection's, and commits.
            #expect(outcome == (app.db.sql.kind == .sqlite ? "refused" : "committed"))
            // The turn was let go: the next write goes through.
            _ = try await app.signUp("after@example.com")
        }
    }

    @Test("waiting for the writer turn is bounded: past the limit a write is answered 503 busy with Retry-After")
    func boundedWait() async throws {
        try await withDogear { app in
            guard app.db.sql.kind == .sqlite else {
                // PostgreSQL writers do not take turns; the same bound is not needed there, and the
                // mapping below is the same on both.
                #expect(APIErrorMiddleware.translate(SQLiteWriters.busy).status == .serviceUnavailable)
                return
            }
            let holding = AsyncStream<Void>.makeStream()
            let release = AsyncStream<Void>.makeStream()
            let holder = Task {
                try await app.db.writeTransaction { _ in
                    holding.continuation.yield()
                    for await _ in release.stream { break }
                }
            }
            for await _ in holding.stream { break }
            let refused = await SQLiteWriters.$maximumWaitHere.withValue(.milliseconds(100)) {
                do {
                    try await app.db.writeTransaction { _ in }
                    return nil as DomainError?
                } catch let error as DomainError {
                    return error
                } catch { return nil }
            }
            release.continuation.yield()
            try await holder.value
            #expect(refused?.code == .busy)
            let answer = try APIErrorMiddleware.response(
                for: try #require(refused), to: Request(application: app, on: app.eventLoopGroup.next()))
            #expect(answer.status == .serviceUnavailable)
            #expect(answer.headers.first(name: .retryAfter) == "1")
            // The line moves on: the next write gets its turn.
            try await app.db.writeTransaction { _ in }
        }
    }
}

/// What finished first, for tests that assert an order rather than a time.
final class OrderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.withLock { items.append(item) } }
    var entries: [String] { lock.withLock { items } }
}

/// The value of `work`, or a failure saying it never answered: an attack that used to hang the server
/// fails the test instead of hanging the suite. Not a timing assertion: 60 s is "never" here.
func answered<T: Sendable>(_ what: String, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: .seconds(60))
            return nil
        }
        guard let first = try await group.next(), let value = first else {
            group.cancelAll()
            throw TestFailure("\(what) never answered")
        }
        group.cancelAll()
        return value
    }
}
