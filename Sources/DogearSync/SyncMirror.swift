import DogearClient
import Foundation
import NIOCore
import NIOPosix
import OpenAPIRuntime
import SQLiteNIO

/// A reader's library kept in a local SQLite file, as an offline-first app keeps it: every object
/// the changes feed sent, by type and id, with its version and its JSON, and the cursor to go on
/// from. `sync` pages through `GET /api/v1/sync` with the generated client until nothing is left;
/// a 410 (the cursor is too old, or the server was restored) empties the copy and starts again.
public final class SyncMirror: Sendable {
    public struct Report: Sendable, Equatable {
        /// Pages asked for, changes applied (upserts and tombstones), and whether it started from nothing.
        public var pages = 0
        public var upserts = 0
        public var tombstones = 0
        public var startedOver = false

        public init(pages: Int = 0, upserts: Int = 0, tombstones: Int = 0, startedOver: Bool = false) {
            self.pages = pages
            self.upserts = upserts
            self.tombstones = tombstones
            self.startedOver = startedOver
        }
    }

    private let connection: SQLiteConnection
    private let client: Client
    private let pageSize: Int

    private init(connection: SQLiteConnection, client: Client, pageSize: Int) {
        self.connection = connection
        self.client = client
        self.pageSize = pageSize
    }

    public static func open(path: String, client: Client, pageSize: Int = 1_000) async throws -> SyncMirror {
        let connection = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: .singleton, on: MultiThreadedEventLoopGroup.singleton.any())
        for statement in [
            "PRAGMA journal_mode = WAL",
            "CREATE TABLE IF NOT EXISTS objects (type TEXT NOT NULL, id TEXT NOT NULL, version INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (type, id))",
            "CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        ] {
            _ = try await connection.query(statement).get()
        }
        return SyncMirror(connection: connection, client: client, pageSize: pageSize)
    }

    public func close() async throws {
        try await connection.close()
    }

    /// Brings the copy up to date.
    @discardableResult
    public func sync() async throws -> Report {
        var report = Report()
        while true {
            let cursor = try await value("cursor")
            let output = try await client.getApiV1Sync(query: .init(since: cursor, limit: pageSize))
            let page: Components.Schemas.SyncPage
            switch output {
            case .ok(let ok):
                page = try ok.body.json
            case .gone:
                guard !report.startedOver else { throw SyncFailure("the server asked for a full sync twice in a row") }
                try await startOver()
                report.startedOver = true
                continue
            case .unauthorized:
                throw SyncFailure("the server does not accept this token")
            default:
                throw SyncFailure("the server answered \(output)")
            }
            report.pages += 1
            try await apply(page, into: &report)
            if !page.hasMore { return report }
        }
    }

    /// One page in one transaction: the objects and the cursor move together.
    private func apply(_ page: Components.Schemas.SyncPage, into report: inout Report) async throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        _ = try await connection.query("BEGIN").get()
        do {
            for change in page.changes {
                if change.deletedAt != nil {
                    _ = try await connection.query(
                        "DELETE FROM objects WHERE type = ? AND id = ?", [.text(change._type.rawValue), .text(change.id)]
                    ).get()
                    report.tombstones += 1
                } else if let object = change.object {
                    let json = String(decoding: try encoder.encode(object), as: UTF8.self)
                    _ = try await connection.query(
                        "INSERT OR REPLACE INTO objects (type, id, version, json) VALUES (?, ?, ?, ?)",
                        [.text(change._type.rawValue), .text(change.id), .integer(Int(change.version)), .text(json)]
                    ).get()
                    report.upserts += 1
                }
            }
            _ = try await connection.query(
                "INSERT OR REPLACE INTO state (key, value) VALUES ('cursor', ?)", [.text(page.nextCursor)]
            ).get()
            _ = try await connection.query("COMMIT").get()
        } catch {
            _ = try? await connection.query("ROLLBACK").get()
            throw error
        }
    }

    private func startOver() async throws {
        _ = try await connection.query("DELETE FROM objects").get()
        _ = try await connection.query("DELETE FROM state").get()
    }

    private func value(_ key: String) async throws -> String? {
        try await connection.query("SELECT value FROM state WHERE key = ?", [.text(key)]).get().first?.column("value")?
            .string
    }

    /// Everything in the copy: (type, id) → (version, JSON).
    public func objects() async throws -> [String: (version: Int, json: String)] {
        var result: [String: (version: Int, json: String)] = [:]
        for row in try await connection.query("SELECT type, id, version, json FROM objects").get() {
            guard let type = row.column("type")?.string, let id = row.column("id")?.string,
                let version = row.column("version")?.integer, let json = row.column("json")?.string
            else { continue }
            result["\(type)/\(id)"] = (version, json)
        }
        return result
    }
}

public struct SyncFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
