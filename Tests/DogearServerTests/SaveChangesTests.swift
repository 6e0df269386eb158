import DogearCore
import Fluent
import Foundation
import SQLKit
import Testing

@testable import DogearServer
@testable import DogearStore

/// `saveChanges` (one plain `UPDATE` of the changed fields) writes what Fluent's `save` writes,
/// stamped by the same clock, on SQLite and PostgreSQL.
@Suite("Saving a changed row in one plain statement")
struct SaveChangesTests {
    @Test("the same change saved both ways reads back the same, stamped later; nothing changed writes nothing")
    func sameAsSave() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let one = try await app.addEntry(token, title: "One", extra: ["status": "reading", "recommendedBy": "Ann"])
            let two = try await app.addEntry(token, title: "Two", extra: ["status": "reading", "recommendedBy": "Ann"])
            @Sendable func change(_ entry: LibraryEntry) {
                entry.status = .onHold
                entry.currentPage = 120
                entry.progress = 44.1
                entry.recommendedBy = nil
                entry.rating = 4
                entry.lastReadAt = Date(timeIntervalSince1970: 1_800_000_000.25)
            }
            let (saved, changed) = try await app.db.writeTransaction { db in
                // The plain statement's way is open (no model middleware but the clock's):
                // otherwise every line below would pass through Fluent's `save`.
                #expect(LibraryEntry.stampingClock(of: db) != nil)
                let saved = try #require(try await LibraryEntry.find(one.id, on: db))
                change(saved)
                try await saved.save(on: db)
                let changed = try #require(try await LibraryEntry.find(two.id, on: db))
                change(changed)
                try await changed.saveChanges(on: db)
                #expect(!changed.hasChanges)
                return (saved, changed)
            }
            let first = try #require(try await LibraryEntry.find(one.id, on: app.db))
            let second = try #require(try await LibraryEntry.find(two.id, on: app.db))
            for entry in [first, second] {
                #expect(entry.status == .onHold)
                #expect(entry.currentPage == 120)
                #expect(entry.progress == 44.1)
                #expect(entry.recommendedBy == nil)
                #expect(entry.rating == 4)
                #expect(entry.lastReadAt == Date(timeIntervalSince1970: 1_800_000_000.25))
            }
            // The clock's stamp, after the one before it, and what the model now holds.
            let stamped = try #require(second.updatedAt)
            #expect(stamped > (try #require(first.updatedAt)))
            #expect(abs(stamped.timeIntervalSince(try #require(changed.updatedAt))) < 0.001)
            #expect(saved.updatedAt.map { abs($0.timeIntervalSince(first.updatedAt!)) < 0.001 } == true)

            // Saving again with nothing changed writes nothing: the stamp stays.
            try await app.db.writeTransaction { db in try await changed.saveChanges(on: db) }
            let again = try #require(try await LibraryEntry.find(two.id, on: app.db))
            #expect(again.updatedAt == second.updatedAt)
        }
    }

    @Test("a reading state written without the model reads back as the model's save writes it, stamped later")
    func stateWithoutModel() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let userID = try #require(try await User.query(on: app.db).first()?.id)
            let one = try await app.addEntry(token, title: "One", pageCount: 300, extra: ["status": "reading"])
            let two = try await app.addEntry(token, title: "Two", pageCount: 300, extra: ["status": "reading"])
            let today = try #require(LocalDate("2026-11-27"))
            let readAt = Date(timeIntervalSince1970: 1_800_000_000.5)
            try await app.db.writeTransaction { db in
                let model = try #require(try await LibraryEntry.find(one.id, on: db))
                let found = try #require(try await EntryForWrite.state(two.id, of: userID, on: db))
                // The plain read holds what the model holds.
                let other = try #require(try await LibraryEntry.find(two.id, on: db))
                #expect(found.entry == (try other.facts()))
                #expect(found.length.pageCount == 300)
                // Finishing it: status, date, page, progress and read count all change.
                let finished = try ProgressRules.update(
                    model.readingState, with: .page(300), length: found.length, today: today
                ).state
                #expect(finished.status == .read)
                model.readingState = finished
                model.lastReadAt = readAt
                try await model.saveChanges(on: db)
                try await EntryForWrite.save(
                    two.id, from: found.entry.state, to: finished, lastReadAt: readAt, on: db)
                // Nothing changed and no read: nothing written, the stamp stays.
                try await EntryForWrite.save(two.id, from: finished, to: finished, lastReadAt: nil, on: db)
            }
            let first = try #require(try await LibraryEntry.find(one.id, on: app.db))
            let second = try #require(try await LibraryEntry.find(two.id, on: app.db))
            #expect(first.readingState == second.readingState)
            #expect(second.readingState.status == .read)
            #expect(second.readingState.dateFinished == today)
            #expect(second.lastReadAt == readAt)
            #expect(try #require(second.updatedAt) > (try #require(first.updatedAt)))
            // A reader's entry is not another reader's.
            _ = try await app.signUp("other@example.com")
            let strangerID = try #require(
                try await User.query(on: app.db).filter(\.$id != userID).first()?.id)
            let theirs = try await app.db.writeTransaction { db in
                try await EntryForWrite.state(two.id, of: strangerID, on: db)
            }
            #expect(theirs == nil)
        }
    }
}
