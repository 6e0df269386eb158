import Foundation
import Testing

@testable import DogearCore

@Suite("Sync rules: cursors, resuming, If-Match, idempotent replays")
struct SyncRulesTests {
    @Test("a cursor reads back what it wrote, and refuses what it did not")
    func cursor() throws {
        let cursor = SyncCursor(epoch: "a1b2c3", version: 4_096)
        #expect(try SyncCursor.decode(cursor.encoded) == cursor)
        #expect(!cursor.encoded.contains("="), "URL-safe: no padding")
        // Not base64; "1.abc.-1"; "2.abc.5" (another form); "1..5" (no epoch).
        for bad in ["", "nonsense", "MS5hYmMuLTE", "Mi5hYmMuNQ", "MS4uNQ"] {
            #expect(throws: ValidationError.self, "\(bad)") { try SyncCursor.decode(bad) }
        }
    }

    /// (cursor, epoch now, latest, forgotten through, expected)
    static let resumes: [(SyncCursor?, String, Int64, Int64, SyncResume?)] = [
        (nil, "e", 10, 0, .after(0)),
        (nil, "e", 10, 8, .after(0)),
        (SyncCursor(epoch: "e", version: 5), "e", 10, 0, .after(5)),
        (SyncCursor(epoch: "e", version: 10), "e", 10, 0, .after(10)),
        (SyncCursor(epoch: "e", version: 5), "e", 10, 5, .after(5)),
        (SyncCursor(epoch: "e", version: 4), "e", 10, 5, nil),
        (SyncCursor(epoch: "old", version: 5), "e", 10, 0, nil),
        (SyncCursor(epoch: "e", version: 11), "e", 10, 0, nil),
    ]

    @Test("where a feed goes on from, or that the client must start again", arguments: resumes.indices)
    func resume(_ index: Int) {
        let (cursor, epoch, latest, forgotten, expected) = Self.resumes[index]
        let decision = SyncResume.from(cursor, epoch: epoch, latest: latest, forgottenThrough: forgotten)
        if let expected {
            #expect(decision == expected)
        } else if case .resyncRequired = decision {
        } else {
            Issue.record("expected a resync, got \(decision)")
        }
    }

    @Test("tombstones are kept for the retention, at least a day")
    func retention() {
        let now = Date(timeIntervalSince1970: 100 * 86_400)
        #expect(SyncRetention().cutoff(now: now) == Date(timeIntervalSince1970: 10 * 86_400))
        #expect(SyncRetention(days: 0).days == 1)
    }

    @Test("page sizes", arguments: [(nil, 500), (1, 1), (1000, 1000)] as [(Int?, Int)])
    func pageSize(asked: Int?, given: Int) throws {
        #expect(try SyncPageSize.validated(asked) == given)
    }

    @Test(
        "If-Match as apps send it",
        arguments: [
            ("\"12\"", IfMatch.versions([12])), ("12", .versions([12])), ("W/\"12\"", .versions([12])), ("*", .any),
            ("\"3\", \"4\"", .versions([3, 4])),
        ])
    func ifMatch(header: String, parsed: IfMatch) throws {
        #expect(try IfMatch.parse(header) == parsed)
    }

    @Test("If-Match that is not a version is refused naming the header", arguments: ["", "yesterday", "\"-1\"", "\"1.5\""])
    func badIfMatch(header: String) {
        #expect(
            throws: ValidationError(
                field: "If-Match", header.isEmpty ? "is empty" : "must be the object's version as its ETag gives it, like \"12\"")
        ) {
            try IfMatch.parse(header)
        }
    }

    @Test("If-Match against the object's version (nil: it is gone)")
    func matching() {
        #expect(IfMatch.versions([3]).matches(3))
        #expect(!IfMatch.versions([3]).matches(4))
        #expect(!IfMatch.versions([3]).matches(nil))
        #expect(IfMatch.any.matches(9))
        #expect(!IfMatch.any.matches(nil))
        #expect(IfMatch.etag(7) == "\"7\"")
    }

    /// (stored, same hash, seconds since the claim, decision)
    static let replays: [(stored: Bool, sameHash: Bool, answered: Bool, age: TimeInterval, decision: IdempotentReplay)] = [
        (false, true, false, 0, .apply),
        (true, true, true, 60, .replay),
        (true, true, true, 23 * 3600, .replay),
        (true, true, true, 24 * 3600, .apply),
        (true, false, true, 60, .keyReused),
        (true, false, false, 5, .keyReused),
        (true, true, false, 5, .inProgress),
        (true, true, false, 600, .apply),
        (true, false, true, 25 * 3600, .apply),
    ]

    @Test("what a stored Idempotency-Key means for a request", arguments: replays.indices)
    func replay(_ index: Int) {
        let row = Self.replays[index]
        let now = Date(timeIntervalSince1970: 1_000_000)
        let stored =
            row.stored
            ? IdempotentReplay.Stored(requestHash: "h1", createdAt: now.addingTimeInterval(-row.age), answered: row.answered)
            : nil
        #expect(IdempotentReplay.decide(stored: stored, requestHash: row.sameHash ? "h1" : "h2", now: now) == row.decision)
    }

    @Test("keys are 1 to 255 printable characters")
    func keys() throws {
        #expect(try IdempotentReplay.validKey("a-b_c.1") == "a-b_c.1")
        for bad in ["", "with space", String(repeating: "k", count: 256), "ключ"] {
            #expect(throws: ValidationError.self) { try IdempotentReplay.validKey(bad) }
        }
    }
}
