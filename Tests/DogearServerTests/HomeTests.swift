import Testing
import Vapor

@testable import DogearServer

@Suite("Home")
struct HomeTests {
    @Test("currently reading with progress, five most recent finishes, and counts")
    func home() async throws {
        try await withDogear { app in
            let token = try await app.signUp(name: "Ann")
            let empty = try await app.send(.GET, "/api/v1/home", token: token)
            #expect(empty["greeting"] as? String == "Good morning")  // 10:30 UTC
            #expect((empty["currentlyReading"] as? [Any])?.isEmpty == true)

            let reading = try await app.addBook(
                token, title: "Now Reading", authors: ["A"], pageCount: 100, extra: ["status": "reading"])
            _ = try await app.send(.POST, "/api/v1/library/\(reading["id"]!)/progress", token: token, json: ["page": 40])
            let finishes = ["2026-01-05", "2026-02-10", "2025-12-31", "2026-03-01", "2026-03-10", "2024-06-01", "2026-02-28"]
            for (index, date) in finishes.enumerated() {
                _ = try await app.addBook(
                    token, title: "Done \(index)", authors: ["B"], pageCount: 100 + index,
                    extra: ["status": "read", "dateFinished": date])
            }
            // a book finished last year and re-read this year counts once as a book, twice for pages
            let reread = try await app.addBook(
                token, title: "Again", authors: ["C"], pageCount: 50,
                extra: ["status": "read", "dateFinished": "2026-01-15"])
            _ = try await app.send(.POST, "/api/v1/library/\(reread["id"]!)/status", token: token, json: ["status": "reading"])
            _ = try await app.send(
                .POST, "/api/v1/library/\(reread["id"]!)/status", token: token, json: ["status": "read", "date": "2026-02-01"])

            let home = try await app.send(.GET, "/api/v1/home", token: token)
            let current = try #require(home["currentlyReading"] as? [[String: Any]])
            #expect(current.map { ($0["work"] as? [String: Any])?["title"] as? String } == ["Now Reading"])
            #expect(current.first?["progress"] as? Double == 0.4)
            let recent = try #require(home["recentlyFinished"] as? [[String: Any]])
            #expect(
                recent.map { $0["dateFinished"] as? String } == [
                    "2026-03-10", "2026-03-01", "2026-02-28", "2026-02-10", "2026-02-01",
                ])
            let stats = try #require(home["stats"] as? [String: Any])
            #expect(stats["readAllTime"] as? Int == 8)
            // this year: Done 0 (100), Done 1 (101), Done 3 (103), Done 4 (104), Done 6 (106), Again twice (50 + 50)
            #expect(stats["readThisYear"] as? Int == 6)
            #expect(stats["pagesThisYear"] as? Int == 100 + 101 + 103 + 104 + 106 + 50 + 50)
        }
    }

    @Test("the greeting follows the reader's time zone")
    func greetingZone() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            _ = try await app.send(.PATCH, "/api/v1/me", token: token, json: ["timeZone": "America/Los_Angeles"])
            // 10:30 UTC is 03:30 in Los Angeles
            #expect(try await app.send(.GET, "/api/v1/home", token: token)["greeting"] as? String == "Good evening")
            // and "today" for automatic dates is the reader's day: still 2026-03-14 there
            let entry = try await app.addBook(token, extra: ["status": "reading"])
            #expect(entry["dateStarted"] as? String == "2026-03-14")
            _ = try await app.send(.PATCH, "/api/v1/me", token: token, json: ["timeZone": "Pacific/Kiritimati"])  // UTC+14
            let second = try await app.addBook(token, title: "Other", extra: ["status": "reading"])
            #expect(second["dateStarted"] as? String == "2026-03-15")
        }
    }
}
