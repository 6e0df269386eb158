import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Home")
struct HomeTests {
    @Test("currently reading with progress, five most recent finishes, and counts")
    func home() async throws {
        try await withDogear { app in
            let token = try await app.signUp(name: "Ann")
            let empty = try await app.send(.GET, "/api/v1/home", token: token).decode(HomeDTO.self)
            #expect(empty.greeting == "Good morning")  // 10:30 UTC
            #expect(empty.currentlyReading.isEmpty)

            let reading = try await app.addEntry(
                token, title: "Now Reading", authors: ["A"], pageCount: 100, extra: ["status": "reading"])
            try await app.must(.POST, "/api/v1/library/\(reading.id)/progress", token: token, json: ["page": 40])
            let finishes = ["2026-01-05", "2026-02-10", "2025-12-31", "2026-03-01", "2026-03-10", "2024-06-01", "2026-02-28"]
            for (index, date) in finishes.enumerated() {
                _ = try await app.addBook(
                    token, title: "Done \(index)", authors: ["B"], pageCount: 100 + index,
                    extra: ["status": "read", "dateFinished": date])
            }
            // a book finished last year and re-read this year counts once as a book, twice for pages
            let reread = try await app.addEntry(
                token, title: "Again", authors: ["C"], pageCount: 50,
                extra: ["status": "read", "dateFinished": "2026-01-15"])
            try await app.must(.POST, "/api/v1/library/\(reread.id)/status", token: token, json: ["status": "reading"])
            try await app.must(
                .POST, "/api/v1/library/\(reread.id)/status", token: token, json: ["status": "read", "date": "2026-02-01"])

            let home = try await app.send(.GET, "/api/v1/home", token: token).decode(HomeDTO.self)
            #expect(home.currentlyReading.map(\.work.title) == ["Now Reading"])
            #expect(home.currentlyReading.first?.progress == 0.4)
            #expect(
                home.recentlyFinished.map(\.dateFinished) == [
                    "2026-03-10", "2026-03-01", "2026-02-28", "2026-02-10", "2026-02-01",
                ])
            #expect(home.stats.readAllTime == 8)
            // this year: Done 0 (100), Done 1 (101), Done 3 (103), Done 4 (104), Done 6 (106), Again twice (50 + 50)
            #expect(home.stats.readThisYear == 6)
            #expect(home.stats.pagesThisYear == 100 + 101 + 103 + 104 + 106 + 50 + 50)
        }
    }

    @Test("the greeting follows the reader's time zone")
    func greetingZone() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            try await app.must(.PATCH, "/api/v1/me", token: token, json: ["timeZone": "America/Los_Angeles"])
            // 10:30 UTC is 03:30 in Los Angeles
            #expect(try await app.send(.GET, "/api/v1/home", token: token).decode(HomeDTO.self).greeting == "Good evening")
            // and "today" for automatic dates is the reader's day: still 2026-03-14 there
            let entry = try await app.addEntry(token, extra: ["status": "reading"])
            #expect(entry.dateStarted == "2026-03-14")
            try await app.must(.PATCH, "/api/v1/me", token: token, json: ["timeZone": "Pacific/Kiritimati"])  // UTC+14
            let second = try await app.addEntry(token, title: "Other", extra: ["status": "reading"])
            #expect(second.dateStarted == "2026-03-15")
        }
    }
}
