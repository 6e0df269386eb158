import Fluent
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A list's books read in one statement (`ListItemService.items`, `LeanWork`) and written by
/// `JSONBytes` answer byte for byte what the reads before them answered (`ReferenceListItems`,
/// encoded by the app's encoder): a custom list and every default list, page by page. On SQLite
/// and PostgreSQL.
@Suite("Lean reads: a list's books")
struct LeanListTests {
    @Test("a custom list and the default lists, two at a time and whole: the reference read's bytes")
    func listItemsMatchReference() async throws {
        try await withDogear { app in
            let token = try await LeanReadTests.varied(app)
            let other = try await app.signUp("other@example.com")
            let elsewhere = try await app.addEntry(other, title: "Not Mine", authors: ["Some One"], pageCount: 99)
            // Covers on every edition with an ISBN: one book has three editions, the reader's among them.
            try await app.db.sql.raw(
                "UPDATE editions SET cover_url = 'https://covers.example/' || isbn13 || '.jpg' WHERE isbn13 IS NOT NULL"
            ).run()
            let created = try await app.send(.POST, "/api/v1/lists", token: token, json: ["name": "Mixed"])
            #expect(created.status == .created)
            let listID = try #require(created["id"] as? String)
            let library = try await app.send(.GET, "/api/v1/library?limit=50", token: token).entries
            for entry in library.items {
                let added = try await app.send(
                    .POST, "/api/v1/lists/\(listID)/items", token: token, json: ["entryId": entry.id.uuidString])
                #expect(added.status == .created)
            }
            let notMine = try await app.send(
                .POST, "/api/v1/lists/\(listID)/items", token: token,
                json: ["workId": elsewhere.work.id.uuidString, "note": "a \"quoted\" note / with Ünïcode"])
            #expect(notMine.status == .created)

            let user = try #require(try await User.query(on: app.db).filter(\.$email == "reader@example.com").first())
            let reference = ReferenceListItems(
                service: ListItemService(lists: ListService(db: app.db, user: user, tiersEnabled: app.tiersEnabled)))
            var seen: [ListItemDTO] = []
            for list in [listID, "currently-reading", "want-to-read", "finished", "favorites"] {
                for limit in [2, 50] {
                    var cursor: String?
                    var pages = 0
                    repeat {
                        let path = "/api/v1/lists/\(list)/items?limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")
                        let reply = try await app.send(.GET, path, token: token)
                        #expect(reply.status == .ok)
                        let filter = try LibraryFilter(query: String(path.split(separator: "?")[1]))
                        let expected = try await reference.page(list, after: filter.cursor, limit: limit)
                        #expect(
                            reply.body == String(decoding: try LeanReadTests.encoder().encode(expected), as: UTF8.self), "\(path)"
                        )
                        seen += expected.items
                        cursor = expected.nextCursor
                        pages += 1
                    } while cursor != nil && pages < 20
                }
            }
            // What the comparison compared: covers, items without an entry of the reader's, a note.
            #expect(seen.contains { $0.coverUrl != nil } && seen.contains { $0.coverUrl == nil })
            #expect(seen.contains { $0.entryId == nil } && seen.contains { $0.note != nil })
            #expect(seen.contains { !$0.work.externalIds.isEmpty })
        }
    }
}
