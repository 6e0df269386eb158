import Testing
import Vapor

@testable import DogearServer

@Suite("A page of entries costs a fixed number of queries")
struct QueryCountTests {
    @Test("listing 50 entries with authors, tags and sessions runs as many queries as listing 5")
    func fixedQueries() async throws {
        try await withDogear { app in
            let counter = QueryCounter()
            app.middleware.use(counter.middleware)
            let token = try await app.signUp()
            func fill(upTo count: Int, from start: Int) async throws {
                for number in start..<count {
                    let entry = try await app.addBook(
                        token, title: "Book \(number)", authors: ["Author \(number)", "Co-author \(number)"],
                        pageCount: 300, extra: ["status": "reading", "tags": ["t\(number % 3)", "all"]])
                    _ = try await app.send(
                        .POST, "/api/v1/library/\(entry["id"]!)/sessions", token: token,
                        json: ["date": "2026-03-13", "minutes": 20, "pagesRead": 10])
                }
            }
            try await fill(upTo: 5, from: 0)
            counter.reset()
            let small = try await app.send(.GET, "/api/v1/library?limit=50", token: token)
            let smallCount = counter.count
            #expect(try small.entries.items.count == 5)

            try await fill(upTo: 50, from: 5)
            counter.reset()
            let large = try await app.send(.GET, "/api/v1/library?limit=50", token: token)
            let largeCount = counter.count
            let items = try large.entries.items
            #expect(items.count == 50)
            #expect(items.allSatisfy { $0.work.authors.count == 2 })
            #expect(items.allSatisfy { $0.tags.count == 2 })
            #expect(items.allSatisfy { $0.totalMinutes == 20 })

            #expect(smallCount > 0, "the counter saw no queries: \(counter.recorded)")
            #expect(largeCount == smallCount, "5 entries: \(smallCount) queries, 50 entries: \(largeCount)")
            // token + user, the page of entries, works, authors, editions, tags, session totals,
            // read-throughs, external IDs
            #expect(largeCount <= 10, "\(counter.recorded.joined(separator: "\n"))")
        }
    }
}
