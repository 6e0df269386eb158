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
            // read-throughs, external IDs, other editions
            #expect(largeCount <= 11, "\(counter.recorded.joined(separator: "\n"))")
        }
    }

    @Test("statistics for 5 finished books and for 40 cost the same statements, and the /stats page a fixed number more")
    func statsFixedQueries() async throws {
        try await withDogear { app in
            let counter = QueryCounter()
            app.middleware.use(counter.middleware)
            let token = try await app.signUp()
            func fill(upTo count: Int, from start: Int) async throws {
                for number in start..<count {
                    let entry = try await app.addBook(
                        token, title: "Book \(number)", authors: ["Author \(number % 7)"], pageCount: 100 + number,
                        extra: [
                            "status": "read", "dateFinished": "2026-0\(1 + number % 3)-1\(number % 10)", "rating": 1 + number % 5,
                        ])
                    _ = try await app.send(
                        .POST, "/api/v1/library/\(entry["id"]!)/sessions", token: token,
                        json: ["date": "2026-03-0\(1 + number % 9)", "minutes": 20, "pagesRead": 10])
                }
            }
            try await fill(upTo: 5, from: 0)
            counter.reset()
            let small = try await app.send(.GET, "/api/v1/stats?year=2026", token: token).decode(StatsDTO.self)
            let smallCount = counter.count
            #expect(small.books == 5)
            try await fill(upTo: 40, from: 5)
            counter.reset()
            let large = try await app.send(.GET, "/api/v1/stats?year=2026", token: token).decode(StatsDTO.self)
            let largeCount = counter.count
            #expect(large.books == 40)
            #expect(smallCount > 0)
            #expect(largeCount == smallCount, "5 books: \(smallCount) statements, 40 books: \(largeCount)")
            // token + user, then StatsQuery's 17 and the reading days.
            #expect(largeCount <= 20, "\(counter.recorded.joined(separator: "\n"))")
        }
    }
}

@Suite("A page of a list's books costs a fixed number of queries")
struct ListQueryCountTests {
    @Test("a page of 50 books from a list of 60 runs as many queries as a page from a list of 5")
    func fixedQueries() async throws {
        try await withDogear { app in
            let counter = QueryCounter()
            app.middleware.use(counter.middleware)
            let token = try await app.signUp()
            let list = try await app.send(.POST, "/api/v1/lists", token: token, json: ["name": "Many"]).decode(ListDTO.self)
            func fill(_ range: Range<Int>) async throws {
                for number in range {
                    let entry = try await app.addEntry(
                        token, title: "Book \(number)", authors: ["Author \(number)", "Co-author \(number)"])
                    let added = try await app.send(
                        .POST, "/api/v1/lists/\(list.id)/items", token: token, json: ["entryId": entry.id.uuidString])
                    #expect(added.status == .created)
                }
            }
            try await fill(0..<5)
            counter.reset()
            let small = try await app.send(.GET, "/api/v1/lists/\(list.id)/items?limit=50", token: token)
            let smallCount = counter.count
            #expect(try small.decode(DogearServer.Page<ListItemDTO>.self).items.count == 5)

            try await fill(5..<60)
            counter.reset()
            let large = try await app.send(.GET, "/api/v1/lists/\(list.id)/items?limit=50", token: token)
            let largeCount = counter.count
            let page = try large.decode(DogearServer.Page<ListItemDTO>.self)
            #expect(page.items.count == 50)
            #expect(page.nextCursor != nil)
            #expect(page.items.allSatisfy { $0.work.authors.count == 2 && $0.entryId != nil })
            #expect(smallCount > 0, "the counter saw no queries: \(counter.recorded)")
            #expect(largeCount == smallCount, "\(counter.recorded)")
        }
    }
}
