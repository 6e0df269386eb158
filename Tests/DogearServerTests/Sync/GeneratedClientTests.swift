import DogearClient
import DogearSync
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Sync: the generated client's sample mirrors a library from a running server")
struct GeneratedClientTests {
    /// A JSON object without its null fields: the server sends `null` for an empty field, a
    /// generated type leaves it out; both say the same.
    static func normalized(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { !($0.value is NSNull) }.mapValues(normalized) as NSDictionary
        }
        if let array = value as? [Any] { return array.map(normalized) as NSArray }
        return value
    }

    static func assertSame(_ mirror: SyncMirror, as copy: LocalMirror, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let local = try await mirror.objects()
        #expect(Set(local.keys) == Set(copy.objects.keys.map(\.description)), sourceLocation: sourceLocation)
        for (key, object) in copy.objects {
            guard let stored = local[key.description] else { continue }
            let parsed = try JSONSerialization.jsonObject(with: Data(stored.json.utf8))
            #expect(
                normalized(parsed) as? NSDictionary == normalized(object) as? NSDictionary,
                "\(key) differs between the generated client's copy and the server", sourceLocation: sourceLocation)
            #expect(Int64(stored.version) == copy.versions[key], sourceLocation: sourceLocation)
        }
    }

    @Test("dogear-sync's mirror equals the server's data field by field, through changes and deletions")
    func mirror() async throws {
        try await withDogear { app in
            let ann = try await SyncFeedTests.everything(app)
            _ = try await app.addEntry(ann.token, title: "No Edition", authors: ["Nobody"], pageCount: nil)
            let port = try await app.serveOnFreePort()
            let path = NSTemporaryDirectory() + "dogear-sync-\(UUID().uuidString).sqlite"
            defer { try? FileManager.default.removeItem(atPath: path) }
            let mirror = try await SyncMirror.open(
                path: path, client: .dogear(server: URL(string: "http://127.0.0.1:\(port)")!, token: ann.token), pageSize: 4)
            // The copy's connection is closed whatever happens (SQLiteNIO insists).
            do {
                let first = try await mirror.sync()
                #expect(first.pages >= 3)
                try await Self.assertSame(mirror, as: try await app.freshMirror(ann.token))

                let unchanged = try await mirror.sync()
                #expect(unchanged == .init(pages: 1, upserts: 0, tombstones: 0, startedOver: false))

                try await app.must(
                    .PATCH, "/api/v1/library/\(ann.entry)", token: ann.token, json: ["rating": 5, "tags": ["winter"]])
                try await app.must(.DELETE, "/api/v1/notes/\(ann.note)", token: ann.token)
                try await app.must(.DELETE, "/api/v1/lists/\(ann.list)", token: ann.token)
                let later = try await mirror.sync()
                #expect(later.tombstones == 3, "the note, the list and its item")
                try await Self.assertSame(mirror, as: try await app.freshMirror(ann.token))

                // A restore: the old cursor answers 410 and the copy starts again.
                try await DatabaseBackup.startNewSyncEpoch(on: app.db)
                let again = try await mirror.sync()
                #expect(again.startedOver)
                try await Self.assertSame(mirror, as: try await app.freshMirror(ann.token))
            } catch {
                try await mirror.close()
                throw error
            }
            try await mirror.close()
        }
    }
}
