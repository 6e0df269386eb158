import AsyncHTTPClient
import DogearCore
import Foundation
import NIOCore
import NIOPosix
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Sync: If-Match, Idempotency-Key and batches")
struct SyncWriteTests {
    // MARK: If-Match

    /// A write to each kind of synced object: where it is, and a change to it.
    enum Target: String, CaseIterable, Sendable {
        case entry, note, list, listItem, goal, profile
    }

    static func write(_ target: Target, _ ann: SyncFeedTests.Everything) -> (path: String, body: [String: Any], field: String) {
        switch target {
        case .entry: return ("/api/v1/library/\(ann.entry)", ["rating": 4], "rating")
        case .note: return ("/api/v1/notes/\(ann.note)", ["content": "changed"], "content")
        case .list: return ("/api/v1/lists/\(ann.list)", ["name": "changed"], "name")
        case .listItem: return ("/api/v1/lists/\(ann.list)/items/\(ann.item)", ["note": "changed"], "note")
        case .goal: return ("/api/v1/goals/\(ann.goal)", ["target": 30], "target")
        case .profile: return ("/api/v1/me", ["displayName": "changed"], "displayName")
        }
    }

    @Test(
        "a stale If-Match gets 412 with the current object and changes nothing; the current one applies",
        arguments: Target.allCases)
    func ifMatch(_ target: Target) async throws {
        try await withDogear { app in
            let ann = try await SyncFeedTests.everything(app)
            let (path, body, field) = Self.write(target, ann)
            // The version an app holds, from the feed.
            let copy = try await app.freshMirror(ann.token)
            let type = target == .profile ? "profile" : target.rawValue
            let id = copy.objects.keys.first {
                $0.type == type && (target == .profile || [ann.entry, ann.note, ann.list, ann.item, ann.goal].contains($0.id))
            }!
            let held = copy.versions[id]!
            // Someone else (the web page, another device) changes it meanwhile: no If-Match, applies.
            let meanwhile = try await app.send(.PATCH, path, token: ann.token, json: body)
            #expect(meanwhile.status == .ok)
            let newer = try #require(meanwhile.headers.first(name: .eTag))
            #expect(newer != "\"\(held)\"")
            let logged = try #require(try await app.freshMirror(ann.token).versions[id])
            #expect(newer == "\"\(logged)\"", "the answer's ETag is the version the feed gives the change")

            let before = try await app.freshMirror(ann.token).objects
            let stale = try await app.send(
                .PATCH, path, token: ann.token, json: [field: [.goal, .entry].contains(target) ? 2 : "stale"],
                headers: ["If-Match": "\"\(held)\""])
            #expect(stale.status == .preconditionFailed)
            #expect(stale.errorCode == "versionConflict")
            let current = try #require(stale.object["current"] as? [String: Any])
            #expect(current["version"] as? Int == Int(newer.dropFirst().dropLast()))
            #expect(stale.headers.first(name: .eTag) == newer)
            let now = try #require(current["object"] as? [String: Any])
            #expect("\(now[field] ?? "")" == "\(body[field]!)", "the current object carries the change made meanwhile")
            #expect(try await app.freshMirror(ann.token).objects == before, "nothing was written")

            let fresh = try await app.send(
                .PATCH, path, token: ann.token, json: [field: [.goal, .entry].contains(target) ? 3 : "fresh"],
                headers: ["If-Match": newer])
            #expect(fresh.status == .ok, "\(fresh.body)")
            #expect(fresh.headers.first(name: .eTag) != newer)
            let loggedAfter = try #require(try await app.freshMirror(ann.token).versions[id])
            #expect(fresh.headers.first(name: .eTag) == "\"\(loggedAfter)\"")
        }
    }

    @Test("a progress or status write answers with the ETag a read of the entry gives right after")
    func writesTagTheirVersion() async throws {
        try await withDogear { app in
            let ann = try await SyncFeedTests.everything(app)
            let entry = "/api/v1/library/\(ann.entry)"
            for (path, body) in [("\(entry)/status", ["status": "reading"]), ("\(entry)/progress", ["page": 12])]
                as [(String, [String: Any])]
            {
                let written = try await app.send(.POST, path, token: ann.token, json: body)
                #expect(written.status == .ok, "\(written.body)")
                let tag = try #require(written.headers.first(name: .eTag))
                #expect(try await app.send(.GET, entry, token: ann.token).headers.first(name: .eTag) == tag, "\(path)")
            }
        }
    }

    @Test("If-Match on a delete: stale keeps the object, * and the current version delete it; a malformed one is refused")
    func ifMatchDelete() async throws {
        try await withDogear { app in
            let ann = try await SyncFeedTests.everything(app)
            let shown = try await app.send(.GET, "/api/v1/library/\(ann.entry)", token: ann.token)
            let version = try #require(shown.headers.first(name: .eTag))
            try await app.must(.POST, "/api/v1/library/\(ann.entry)/status", token: ann.token, json: ["status": "reading"])
            let stale = try await app.send(
                .DELETE, "/api/v1/library/\(ann.entry)", token: ann.token, headers: ["If-Match": version])
            #expect(stale.status == .preconditionFailed)
            #expect(try await app.send(.GET, "/api/v1/library/\(ann.entry)", token: ann.token).status == .ok)
            let bad = try await app.send(
                .DELETE, "/api/v1/library/\(ann.entry)", token: ann.token, headers: ["If-Match": "yesterday"])
            #expect(bad.status == .badRequest)
            #expect(bad.errorField == "If-Match")
            let any = try await app.send(.DELETE, "/api/v1/notes/\(ann.note)", token: ann.token, headers: ["If-Match": "*"])
            #expect(any.status == .noContent)
            let again = try await app.send(.DELETE, "/api/v1/notes/\(ann.note)", token: ann.token, headers: ["If-Match": "*"])
            #expect(again.status == .notFound)
            let current = try #require(
                try await app.send(.GET, "/api/v1/library/\(ann.entry)", token: ann.token).headers.first(name: .eTag))
            #expect(
                try await app.send(.DELETE, "/api/v1/library/\(ann.entry)", token: ann.token, headers: ["If-Match": current])
                    .status == .noContent)
        }
    }

    // MARK: Idempotency-Key

    @Test("the same key and request replays the first answer and applies once; another request with it is 422")
    func idempotency() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            let entry = try await app.addEntry(ann)
            let path = "/api/v1/library/\(entry.id)/notes"
            let first = try await app.send(
                .POST, path, token: ann, json: ["content": "once"], headers: ["Idempotency-Key": "k-1"])
            let second = try await app.send(
                .POST, path, token: ann, json: ["content": "once"], headers: ["Idempotency-Key": "k-1"])
            #expect(first.status == .created)
            #expect(second.status == .created)
            #expect(second.body == first.body)
            #expect(second.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(first.headers.first(name: "Idempotent-Replayed") == nil)
            #expect(second.headers.first(name: .eTag) == first.headers.first(name: .eTag))
            #expect(try await app.send(.GET, path, token: ann).array.count == 1)

            let other = try await app.send(
                .POST, path, token: ann, json: ["content": "twice"], headers: ["Idempotency-Key": "k-1"])
            #expect(other.status == .unprocessableEntity)
            #expect(other.errorCode == "idempotencyKeyReused")
            #expect(other.errorField == "Idempotency-Key")

            // Keys are each reader's own.
            let bobEntry = try await app.addEntry(bob)
            let bobs = try await app.send(
                .POST, "/api/v1/library/\(bobEntry.id)/notes", token: bob, json: ["content": "once"],
                headers: ["Idempotency-Key": "k-1"])
            #expect(bobs.status == .created)
            #expect(bobs.headers.first(name: "Idempotent-Replayed") == nil)

            // A refusal is kept too: the same bad request gets the same 422, and nothing is written.
            let refused = try await app.send(.POST, path, token: ann, json: ["content": ""], headers: ["Idempotency-Key": "k-2"])
            let refusedAgain = try await app.send(
                .POST, path, token: ann, json: ["content": ""], headers: ["Idempotency-Key": "k-2"])
            #expect(refused.status == .unprocessableEntity)
            #expect(refusedAgain.body == refused.body)
            #expect(refusedAgain.headers.first(name: "Idempotent-Replayed") == "true")

            // After a day the key is free again.
            app.clock = .fixed(fixedNow.addingTimeInterval(25 * 3600))
            let later = try await app.send(
                .POST, path, token: ann, json: ["content": "once"], headers: ["Idempotency-Key": "k-1"])
            #expect(later.status == .created)
            #expect(later.headers.first(name: "Idempotent-Replayed") == nil)
            #expect(try await app.send(.GET, path, token: ann).array.count == 2)

            let blank = try await app.send(
                .POST, path, token: ann, json: ["content": "x"], headers: ["Idempotency-Key": "has space"])
            #expect(blank.status == .badRequest)
            #expect(blank.errorField == "Idempotency-Key")
        }
    }

    @Test("a write whose connection dropped before its answer, retried with its key, is applied once")
    func droppedConnection() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entry = try await app.addEntry(token)
            let port = try await app.serveOnFreePort()
            let body = #"{"content":"written on the train"}"#
            let raw =
                "POST /api/v1/library/\(entry.id)/notes HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                + "Content-Type: application/json\r\nIdempotency-Key: train-1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            // The app sends the request and loses the connection before any answer comes.
            let channel = try await ClientBootstrap(group: app.eventLoopGroup).connect(host: "127.0.0.1", port: port).get()
            try await channel.writeAndFlush(channel.allocator.buffer(string: raw)).get()
            try await channel.close().get()
            // It tries again over a new connection, with the same key.
            var retried: HTTPClientResponse?
            for _ in 0..<50 {
                var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/library/\(entry.id)/notes")
                request.method = .POST
                request.headers.add(name: "Authorization", value: "Bearer \(token)")
                request.headers.add(name: "Content-Type", value: "application/json")
                request.headers.add(name: "Idempotency-Key", value: "train-1")
                request.body = .bytes(ByteBuffer(string: body))
                let response = try await HTTPClient.shared.execute(request, timeout: realConnectionTimeout)
                retried = response
                if response.status == .created { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(retried?.status == .created)
            let notes = try await app.send(.GET, "/api/v1/library/\(entry.id)/notes", token: token).array
            #expect(notes.count == 1, "applied once: \(notes.count) notes")
            #expect(notes.first?["content"] as? String == "written on the train")
        }
    }

    // MARK: batch

    @Test("a batch of 100 mixed operations answers each in order, and a failing one undoes nothing else")
    func batch() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entry = try await app.addEntry(token)
            var operations: [[String: Any]] = []
            for index in 0..<97 {
                switch index % 3 {
                case 0:
                    operations.append([
                        "method": "POST", "path": "/api/v1/library/\(entry.id)/notes", "body": ["content": "note \(index)"],
                    ])
                case 1:
                    operations.append([
                        "method": "POST", "path": "/api/v1/library",
                        "body": ["book": ["title": "Book \(index)", "authors": ["Author \(index)"]]],
                    ])
                default:
                    operations.append([
                        "method": "PATCH", "path": "/api/v1/library/\(entry.id)", "body": ["rating": index % 5 + 1],
                    ])
                }
            }
            // not found
            operations.append(["method": "PATCH", "path": "/api/v1/library/\(UUID())", "body": ["rating": 3]])
            // invalid
            operations.append(["method": "POST", "path": "/api/v1/library/\(entry.id)/notes", "body": ["content": ""]])
            // stale
            operations.append(["method": "DELETE", "path": "/api/v1/library/\(entry.id)", "headers": ["If-Match": "\"1\""]])
            let reply = try await app.send(.POST, "/api/v1/batch", token: token, json: ["operations": operations])
            #expect(reply.status == .ok, "\(reply.body.prefix(300))")
            let results = try #require(reply.object["results"] as? [[String: Any]])
            #expect(results.count == 100)
            for (index, result) in results.prefix(97).enumerated() {
                let expected = index % 3 == 2 ? 200 : 201
                #expect(result["status"] as? Int == expected, "operation \(index)")
                #expect(result["outcome"] as? String == "applied")
            }
            #expect(
                results[1]["body"].flatMap { ($0 as? [String: Any])?["work"] as? [String: Any] }?["title"] as? String == "Book 1")
            #expect(results[97]["status"] as? Int == 404)
            #expect(results[98]["status"] as? Int == 422)
            #expect(results[99]["status"] as? Int == 412)
            #expect(results[99]["outcome"] as? String == "failed")
            #expect(reply.object["committed"] as? Bool == true)
            #expect(try await app.send(.GET, "/api/v1/library/\(entry.id)/notes", token: token).array.count == 33)
            #expect(try await app.send(.GET, "/api/v1/library?limit=100", token: token).entries.items.count == 33)
            #expect(results[2]["headers"].flatMap { ($0 as? [String: Any])?["ETag"] } != nil)
        }
    }

    @Test("an atomic batch rolls everything back at the first failure, and commits whole otherwise")
    func atomicBatch() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entry = try await app.addEntry(token)
            let notes = "/api/v1/library/\(entry.id)/notes"
            let failing: [[String: Any]] = [
                ["method": "POST", "path": notes, "body": ["content": "first"]],
                ["method": "POST", "path": "/api/v1/lists", "body": ["name": "Atomic"]],
                ["method": "PATCH", "path": "/api/v1/library/\(entry.id)", "body": ["rating": 9]],
                ["method": "POST", "path": notes, "body": ["content": "never"]],
            ]
            var copy = try await app.freshMirror(token)
            let before = copy.objects
            let reply = try await app.send(.POST, "/api/v1/batch", token: token, json: ["atomic": true, "operations": failing])
            #expect(reply.status == .ok)
            #expect(reply.object["committed"] as? Bool == false)
            #expect(reply.object["failedIndex"] as? Int == 2, "\(reply.body.prefix(600))")
            let results = try #require(reply.object["results"] as? [[String: Any]])
            #expect(results.map { $0["outcome"] as? String } == ["rolledBack", "rolledBack", "failed"])
            #expect(results[2]["status"] as? Int == 422)
            #expect(try await app.send(.GET, notes, token: token).array.isEmpty)
            #expect(
                try await app.send(.GET, "/api/v1/lists", token: token).array.allSatisfy { $0["name"] as? String != "Atomic" })
            try await app.sync(token, into: &copy)
            #expect(copy.objects == before, "the feed never saw the rolled-back writes")

            let passing =
                Array(failing.prefix(2)) + [["method": "PATCH", "path": "/api/v1/library/\(entry.id)", "body": ["rating": 5]]]
            let committed = try await app.send(
                .POST, "/api/v1/batch", token: token, json: ["atomic": true, "operations": passing])
            #expect(committed.object["committed"] as? Bool == true)
            #expect(try await app.send(.GET, notes, token: token).array.count == 1)
            #expect(try await app.send(.GET, "/api/v1/library/\(entry.id)", token: token).entry.rating == 5)
            try await app.sync(token, into: &copy)
            #expect(copy.objects == (try await app.freshMirror(token)).objects)
        }
    }

    @Test(
        "a batch's shape is checked before anything runs",
        arguments: [
            (#"{"operations": []}"#, "operations"),
            (#"{"operations": [{"method": "GET", "path": "/api/v1/library"}]}"#, "operations[0].method"),
            (#"{"operations": [{"method": "POST", "path": "/api/v1/batch"}]}"#, "operations[0].path"),
            (#"{"operations": [{"method": "POST", "path": "/elsewhere"}]}"#, "operations[0].path"),
            (
                #"{"operations": [{"method": "POST", "path": "/api/v1/library", "headers": {"Authorization": "Bearer x"}}]}"#,
                "operations[0].headers"
            ),
        ])
    func batchShape(body: String, field: String) async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let reply = try await app.send(.POST, "/api/v1/batch", token: token, raw: body)
            #expect(reply.status == .unprocessableEntity)
            #expect(reply.errorField == field)
            let tooMany = (0...100).map { _ in #"{"method": "POST", "path": "/api/v1/lists", "body": {"name": "x"}}"# }
            let big = try await app.send(
                .POST, "/api/v1/batch", token: token, raw: #"{"operations": [\#(tooMany.joined(separator: ","))]}"#)
            #expect(big.errorField == "operations")
            #expect(try await app.send(.GET, "/api/v1/lists", token: token).array.allSatisfy { $0["isDefault"] as? Bool == true })
        }
    }
}
