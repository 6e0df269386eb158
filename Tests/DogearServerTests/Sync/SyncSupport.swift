import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// What an app keeps of its reader's data: each object as the feed last sent it, by type and id,
/// kept as JSON so a comparison is field by field whatever the type.
struct LocalMirror {
    struct Key: Hashable, CustomStringConvertible {
        let type: String
        let id: String
        var description: String { "\(type)/\(id)" }
    }

    var objects: [Key: NSDictionary] = [:]
    var versions: [Key: Int64] = [:]
    var cursor: String?
    /// Every change applied, in order (for tests that look at what came).
    var applied: [[String: Any]] = []

    /// Applies one page of `GET /api/v1/sync`; returns whether more are waiting.
    mutating func apply(_ page: [String: Any]) throws -> Bool {
        guard let changes = page["changes"] as? [[String: Any]], let next = page["nextCursor"] as? String,
            let hasMore = page["hasMore"] as? Bool
        else { throw TestFailure("not a sync page: \(page)") }
        var lastVersion: Int64 = 0
        for change in changes {
            guard let type = change["type"] as? String, let id = change["id"] as? String,
                let version = (change["version"] as? NSNumber)?.int64Value
            else { throw TestFailure("not a change: \(change)") }
            #expect(version > lastVersion, "versions rise within a page")
            lastVersion = version
            let key = Key(type: type, id: id)
            if change["deletedAt"] != nil {
                #expect(change["object"] == nil, "a tombstone carries no object")
                objects[key] = nil
                versions[key] = nil
            } else {
                guard let object = change["object"] as? [String: Any] else {
                    throw TestFailure("an upsert without its object: \(change)")
                }
                objects[key] = object as NSDictionary
                versions[key] = version
            }
            applied.append(change)
        }
        cursor = next
        return hasMore
    }

    func ids(_ type: String) -> Set<String> { Set(objects.keys.filter { $0.type == type }.map(\.id)) }
    func object(_ type: String, _ id: String) -> [String: Any]? { objects[Key(type: type, id: id)] as? [String: Any] }
}

extension Application {
    /// One page of the feed, as raw JSON.
    func syncPage(_ token: String, since: String? = nil, limit: Int? = nil) async throws -> Reply {
        var query: [String] = []
        if let since { query.append("since=\(since)") }
        if let limit { query.append("limit=\(limit)") }
        return try await send(.GET, "/api/v1/sync" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), token: token)
    }

    /// Brings `mirror` up to date: pages until `hasMore` is false.
    func sync(_ token: String, into mirror: inout LocalMirror, limit: Int? = nil) async throws {
        while true {
            let reply = try await syncPage(token, since: mirror.cursor, limit: limit)
            guard reply.status == .ok else { throw TestFailure("sync answered \(reply.status): \(reply.body)") }
            if try !mirror.apply(reply.object) { return }
        }
    }

    /// A fresh copy, from nothing.
    func freshMirror(_ token: String, limit: Int? = nil) async throws -> LocalMirror {
        var mirror = LocalMirror()
        try await sync(token, into: &mirror, limit: limit)
        return mirror
    }
}
