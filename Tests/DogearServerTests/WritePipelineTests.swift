import DogearCore
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// The one write path: what a service declares is applied once, inside its transaction, and not at
/// all when the write fails.
@Suite("Writes: declared changes and their derived writes")
struct WritePipelineTests {
    /// The reader's sync clock: how many changes their log has numbered.
    static func clock(_ userID: UUID, on app: Application) async throws -> Int {
        try await app.db.sql.raw("SELECT version FROM sync_clocks WHERE user_id = \(bind: userID)").first()?
            .decode(column: "version", as: Int.self) ?? 0
    }

    static func setUp(_ app: Application) async throws -> (token: String, userID: UUID, entry: LibraryEntry) {
        let token = try await app.signUp()
        let userID = try await app.userID(token)
        let entryID = try await app.send(
            .POST, "/api/v1/library", token: token,
            json: ["book": ["title": "Piranesi", "authors": ["Susanna Clarke"], "pageCount": 272], "status": "reading"]
        ).entry.id
        let entry = try #require(try await LibraryEntry.find(entryID, on: app.db))
        return (token, userID, entry)
    }

    @Test("an entry declared changed twice in one write is logged once, with one version")
    func declaredTwice() async throws {
        try await withDogear { app in
            let (_, userID, entry) = try await Self.setUp(app)
            let before = try await Self.clock(userID, on: app)
            try await WritePipeline(db: app.db, now: Date(), clubEvents: nil).run { db, changes in
                let snapshot = WriteChanges.EntryBefore(entry)
                entry.rating = 4
                try await entry.save(on: db)
                try changes.entryChanged(entry, before: snapshot)
                entry.rating = 5
                try await entry.save(on: db)
                try changes.entryChanged(entry, before: snapshot)
            }
            #expect(try await Self.clock(userID, on: app) == before + 1)
            let logged = try await app.db.sql.raw(
                "SELECT COUNT(*) AS n FROM sync_changes WHERE user_id = \(bind: userID) AND object_id = \(bind: entry.requireID())"
            ).first()?.decode(column: "n", as: Int.self)
            #expect(logged == 1)
            // The work's aggregates follow: its average rating is the one rating now given.
            let average = try await app.db.sql.raw(
                "SELECT average_rating FROM works WHERE id = \(bind: entry.$work.id)"
            ).first()?.decode(column: "average_rating", as: Double?.self)
            #expect(average == 5)
            // Discovery hears of it once: one high rating, not one per declaration.
            let lessons = try await app.db.sql.raw(
                "SELECT COUNT(*) AS n FROM discovery_interactions WHERE user_id = \(bind: userID) AND action = 'rateHigh'"
            ).first()?.decode(column: "n", as: Int.self)
            #expect(lessons == 1)
        }
    }

    @Test("an entry changed and then removed in one write is logged as gone, and teaches nothing")
    func changedThenRemoved() async throws {
        try await withDogear { app in
            let (token, userID, entry) = try await Self.setUp(app)
            let before = try await app.db.sql.raw(
                "SELECT COUNT(*) AS n FROM discovery_interactions WHERE user_id = \(bind: userID)"
            ).first()?.decode(column: "n", as: Int.self)
            try await WritePipeline(db: app.db, now: Date(), clubEvents: nil).run { db, changes in
                let snapshot = WriteChanges.EntryBefore(entry)
                entry.rating = 5
                try await entry.save(on: db)
                try changes.entryChanged(entry, before: snapshot)
                try await LibraryService.remove(entry, with: changes)
            }
            let deletedAt = try await app.db.sql.raw(
                "SELECT deleted_at FROM sync_changes WHERE user_id = \(bind: userID) AND object_id = \(bind: entry.requireID())"
            ).first()?.decode(column: "deleted_at", as: Date?.self)
            #expect(deletedAt != nil)
            #expect(
                try await app.db.sql.raw(
                    "SELECT COUNT(*) AS n FROM discovery_interactions WHERE user_id = \(bind: userID)"
                ).first()?.decode(column: "n", as: Int.self) == before)
            #expect(try await app.send(.GET, "/api/v1/library/\(try entry.requireID())", token: token).status == .notFound)
        }
    }

    @Test("a write that fails after declaring its changes leaves no derived write behind")
    func failedWrite() async throws {
        struct Refused: Error {}
        try await withDogear { app in
            let (token, userID, entry) = try await Self.setUp(app)
            let before = try await Self.clock(userID, on: app)
            let interactions = try await app.db.sql.raw(
                "SELECT COUNT(*) AS n FROM discovery_interactions WHERE user_id = \(bind: userID)"
            ).first()?.decode(column: "n", as: Int.self)
            await #expect(throws: Refused.self) {
                try await WritePipeline(db: app.db, now: Date(), clubEvents: nil).run { db, changes in
                    let snapshot = WriteChanges.EntryBefore(entry)
                    entry.status = .read
                    try await entry.save(on: db)
                    try changes.entryChanged(entry, before: snapshot)
                    changes.changed(.profile, userID, of: userID)
                    throw Refused()
                }
            }
            #expect(try await Self.clock(userID, on: app) == before)
            #expect(
                try await app.db.sql.raw(
                    "SELECT COUNT(*) AS n FROM discovery_interactions WHERE user_id = \(bind: userID)"
                ).first()?.decode(column: "n", as: Int.self) == interactions)
            let shown = try await app.send(.GET, "/api/v1/library/\(try entry.requireID())", token: token).entry
            #expect(shown.status == "reading")
        }
    }
}
