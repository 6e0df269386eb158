import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

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
                    try await app.must(
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
            // the token, its user, the page's entry ids, the entries with everything around them
            // (`EntryLoader`: one statement), and nothing more
            #expect(largeCount <= 4, "\(counter.recorded.map { String($0.prefix(90)) }.joined(separator: "\n"))")
            #expect(counter.recorded.contains { $0.contains("FROM library_entries e JOIN works w") })
        }
    }

    @Test("statistics for 5 finished books and for 40 cost the same statements, for a year, all time and the /stats page")
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
                    try await app.must(
                        .POST, "/api/v1/library/\(entry["id"]!)/sessions", token: token,
                        json: ["date": "2026-03-0\(1 + number % 9)", "minutes": 20, "pagesRead": 10])
                }
            }
            let web = WebClient(app)
            try await web.get("/signin")
            let signedIn = try await web.post("/signin", [("email", "reader@example.com"), ("password", "long enough")])
            #expect(signedIn.status == .seeOther)
            // Each way in, in order: a year, all time as first asked after the books changed (their
            // year's figures read again) and as asked again (stored figures only), and the page.
            func counts() async throws -> (counts: [Int], books: Int) {
                var counts: [Int] = []
                var books = 0
                for path in ["/api/v1/stats?year=2026", "/api/v1/stats", "/api/v1/stats"] {
                    counter.reset()
                    let stats = try await app.send(.GET, path, token: token).decode(StatsDTO.self)
                    counts.append(counter.count)
                    books = stats.books
                }
                for path in ["/stats?year=2026", "/stats?year=all"] {
                    counter.reset()
                    #expect(try await web.get(path).status == .ok)
                    counts.append(counter.count)
                }
                return (counts, books)
            }
            try await fill(upTo: 5, from: 0)
            let small = try await counts()
            #expect(small.books == 5)
            try await fill(upTo: 40, from: 5)
            let large = try await counts()
            #expect(large.books == 40)
            #expect(small.counts.allSatisfy { $0 > 0 })
            #expect(large.counts == small.counts, "5 books: \(small.counts) statements, 40 books: \(large.counts)")
            // token + user, then StatsQuery's statements and the reading days; stored years save a
            // year's statements when nothing changed.
            #expect(large.counts[0] <= 20, "\(counter.recorded.joined(separator: "\n"))")
            #expect(large.counts[2] < large.counts[1])
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
