import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A small library with something in every searchable field.
private struct Shelf {
    let token: String
    var ids: [String: String] = [:]

    static func make(_ app: Application, email: String = "reader@example.com") async throws -> Shelf {
        var shelf = Shelf(token: try await app.signUp(email))
        let books: [(String, [String], String?, [String: Any])] = [
            (
                "To the Lighthouse", ["Virginia Woolf"], "9780156907392",
                ["status": "read", "dateFinished": "2025-06-01", "rating": 5, "tags": ["Classics", "Modernism"]]
            ),
            (
                "One Hundred Years of Solitude", ["Gabriel García Márquez"], "0-06-088328-6",
                ["status": "read", "dateFinished": "2024-01-10", "rating": 4, "tags": ["Magic Realism"], "favorite": true]
            ),
            (
                "The Left Hand of Darkness", ["Ursula K. Le Guin"], nil,
                ["status": "reading", "dateStarted": "2026-03-01", "tags": ["Sci-Fi"], "owned": false]
            ),
            (
                "Piranesi", ["Susanna Clarke"], "9781635575637",
                ["status": "wishlist", "tags": ["Fantasy"]]
            ),
            ("Anonymous Tales", [], nil, ["status": "didNotFinish", "rating": 2]),
        ]
        for (title, authors, isbn, extra) in books {
            var book: [String: Any] = [
                "title": title, "authors": authors, "pageCount": 300,
                "format": title == "Piranesi" ? "ebook" : "paperback",
            ]
            if let isbn { book["isbn"] = isbn }
            var body = extra
            body["book"] = book
            let reply = try await app.send(.POST, "/api/v1/library", token: shelf.token, json: body)
            guard reply.status == .created, let id = try? reply.entry.id.uuidString else {
                throw TestFailure("add \(title): \(reply.body)")
            }
            shelf.ids[title] = id
        }
        let lighthouse = shelf.ids["To the Lighthouse"]!
        try await app.must(
            .POST, "/api/v1/library/\(lighthouse)/notes", token: shelf.token,
            json: ["content": "Read it on the ferry. The dinner party scene with the boeuf en daube is the heart of it."])
        try await app.must(
            .POST, "/api/v1/library/\(shelf.ids["Piranesi"]!)/quotes", token: shelf.token,
            json: ["text": "The Beauty of the House is immeasurable; its Kindness infinite."])
        return shelf
    }

    /// One page of `GET /api/v1/library?…`, typed.
    func search(_ app: Application, _ query: String) async throws -> DogearServer.Page<EntryDTO> {
        let reply = try await app.send(.GET, "/api/v1/library?\(query)", token: token)
        guard reply.status == .ok else { throw TestFailure("search \(query): \(reply.status) \(reply.body)") }
        return try reply.entries
    }

    func titles(_ app: Application, _ query: String) async throws -> [String] {
        try await search(app, query).items.map(\.work.title)
    }
}

@Suite("Library search: full text with match reasons")
struct LibrarySearchTests {
    @Test(
        "each field matches and says why",
        arguments: [
            ("q=lighthouse", "To the Lighthouse", "title", "To the Lighthouse"),
            ("q=woolf", "To the Lighthouse", "author", "Virginia Woolf"),
            ("q=9780156907392", "To the Lighthouse", "isbn", "9780156907392"),
            ("q=modernism", "To the Lighthouse", "tag", "Modernism"),
            ("q=ferry", "To the Lighthouse", "note", "Read it on the ferry. The dinner party scene with the…"),
            ("q=kindness", "Piranesi", "quote", "…of the House is immeasurable; its Kindness infinite."),
        ])
    func fields(_ query: String, _ title: String, _ field: String, _ snippet: String) async throws {
        try await withDogear { app in
            let shelf = try await Shelf.make(app)
            let reply = try await shelf.search(app, query)
            #expect(reply.items.count == 1)
            let item = try #require(reply.items.first)
            #expect(item.work.title == title)
            let matches = try #require(item.matches)
            #expect(matches.first?.field.rawValue == field)
            #expect(matches.first?.snippet == snippet)
        }
    }

    @Test("prefixes as you type, every word required, any case")
    func prefixes() async throws {
        try await withDogear { app in
            let shelf = try await Shelf.make(app)
            #expect(try await shelf.titles(app, "q=lightho") == ["To the Lighthouse"])
            #expect(try await shelf.titles(app, "q=LIG") == ["To the Lighthouse"])
            #expect(try await shelf.titles(app, "q=the+dark") == ["The Left Hand of Darkness"])
            #expect(try await shelf.titles(app, "q=lighthouse+darkness").isEmpty)
        }
    }

    @Test("diacritics do not matter either way")
    func diacritics() async throws {
        try await withDogear { app in
            let shelf = try await Shelf.make(app)
            #expect(try await shelf.titles(app, "q=garcia") == ["One Hundred Years of Solitude"])
            #expect(try await shelf.titles(app, "q=M%C3%A1rq") == ["One Hundred Years of Solitude"])  // "Márq"
            #expect(try await shelf.titles(app, "q=boeuf") == ["To the Lighthouse"])
        }
    }

    @Test("an ISBN matches with or without hyphens, as ISBN-10 or ISBN-13, and by its start")
    func isbn() async throws {
        try await withDogear { app in
            let shelf = try await Shelf.make(app)
            for query in ["0-06-088328-6", "0060883286", "978-0-06-088328-7", "9780060883287", "97800608"] {
                #expect(try await shelf.titles(app, "q=\(query)") == ["One Hundred Years of Solitude"], "\(query)")
            }
        }
    }

    @Test(
        "odd queries are text, never an error",
        arguments: [
            "%22", "%22unterminated", "light*", "NEAR", "a+NEAR+b", "-lighthouse", "title%3Alighthouse", "%28%28%29",
            "%F0%9F%93%9A",
            "AND", "OR+NOT", "%27%3B+DROP+TABLE+library_entries%3B+--", String(repeating: "x", count: 3000), "%00",
        ])
    func odd(_ query: String) async throws {
        try await withDogear { app in
            let shelf = try await Shelf.make(app)
            let reply = try await app.send(.GET, "/api/v1/library?q=\(query)", token: shelf.token)
            #expect(reply.status == .ok, "\(query): \(reply.body.prefix(200))")
            #expect(try await LibraryEntry.query(on: app.db).count() == 5)
        }
    }

    @Test("words inside odd syntax still match")
    func oddButMeaningful() async throws {
        try await withDogear { app in
            let shelf = try await Shelf.make(app)
            #expect(try await shelf.titles(app, "q=%22lighthouse") == ["To the Lighthouse"])
            #expect(try await shelf.titles(app, "q=title%3Alighthouse").isEmpty)  // "title" is a word too: no book has both
            #expect(try await shelf.titles(app, "q=light*") == ["To the Lighthouse"])
        }
    }

    @Test("edits and deletions show in the next search at once")
    func liveIndex() async throws {
        try await withDogear { app in
            let shelf = try await Shelf.make(app)
            let id = shelf.ids["The Left Hand of Darkness"]!
            let note = try await app.send(
                .POST, "/api/v1/library/\(id)/notes", token: shelf.token, json: ["content": "Genly Ai on the ice"])
            #expect(try await shelf.titles(app, "q=genly") == ["The Left Hand of Darkness"])
            try await app.must(
                .PATCH, "/api/v1/notes/\(note["id"]!)", token: shelf.token, json: ["content": "Estraven crossing the glacier"])
            #expect(try await shelf.titles(app, "q=genly").isEmpty)
            #expect(try await shelf.titles(app, "q=estraven") == ["The Left Hand of Darkness"])
            try await app.must(.DELETE, "/api/v1/notes/\(note["id"]!)", token: shelf.token)
            #expect(try await shelf.titles(app, "q=estraven").isEmpty)
            try await app.must(.PATCH, "/api/v1/library/\(id)", token: shelf.token, json: ["tags": ["Anarres"]])
            #expect(try await shelf.titles(app, "q=anarres") == ["The Left Hand of Darkness"])
            #expect(try await shelf.titles(app, "q=sci").isEmpty)
            try await app.must(.DELETE, "/api/v1/library/\(id)", token: shelf.token)
            #expect(try await shelf.titles(app, "q=anarres").isEmpty)
        }
    }

    @Test("another user's books, notes and tags never appear")
    func otherUsers() async throws {
        try await withDogear { app in
            _ = try await Shelf.make(app, email: "ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            for query in ["lighthouse", "ferry", "modernism", "9780156907392", "woolf"] {
                let reply = try await app.send(.GET, "/api/v1/library?q=\(query)", token: bob)
                #expect(reply.status == .ok)
                #expect(try reply.entries.items.isEmpty, "\(query)")
            }
            // even for the same book in Bob's library, Ann's note is not a reason
            _ = try await app.addBook(bob, title: "To the Lighthouse", authors: ["Virginia Woolf"], isbn: "9780156907392")
            let reply = try await app.send(.GET, "/api/v1/library?q=ferry", token: bob)
            #expect(try reply.entries.items.isEmpty)
        }
    }
}

@Suite("Library filters, sorts and paging")
struct LibraryFilterTests {
    @Test(
        "each filter, alone and with a query",
        arguments: [
            ("status=read", ["One Hundred Years of Solitude", "To the Lighthouse"]),
            ("status=read,reading", ["One Hundred Years of Solitude", "The Left Hand of Darkness", "To the Lighthouse"]),
            ("status=read&status=DNF", ["Anonymous Tales", "One Hundred Years of Solitude", "To the Lighthouse"]),
            ("tag=sci-fi", ["The Left Hand of Darkness"]),
            ("tag=classics&tag=fantasy", ["Piranesi", "To the Lighthouse"]),
            ("rating=5", ["To the Lighthouse"]),
            ("rating=4,2", ["Anonymous Tales", "One Hundred Years of Solitude"]),
            ("finishedFrom=2025-01-01", ["To the Lighthouse"]),
            ("finishedTo=2024-12-31", ["One Hundred Years of Solitude"]),
            ("startedFrom=2026-03-01&startedTo=2026-03-01", ["The Left Hand of Darkness"]),
            (
                "addedFrom=2026-03-14&addedTo=2026-03-14",
                [
                    "Anonymous Tales", "One Hundred Years of Solitude", "Piranesi", "The Left Hand of Darkness",
                    "To the Lighthouse",
                ]
            ),
            ("addedTo=2026-03-13", []),
            ("owned=false", ["Piranesi", "The Left Hand of Darkness"]),
            ("wishlist=true", ["Piranesi"]),
            ("favorite=true", ["One Hundred Years of Solitude"]),
            ("format=ebook", ["Piranesi"]),
            ("q=the&status=read", ["To the Lighthouse"]),
            ("q=the&owned=false", ["Piranesi", "The Left Hand of Darkness"]),  // Piranesi by its quote
            ("q=o&rating=4", ["One Hundred Years of Solitude"]),
        ])
    func filters(_ query: String, _ expected: [String]) async throws {
        try await withDogear { app in
            let shelf = try await Shelf.make(app)
            #expect(try await shelf.titles(app, query + "&sort=title") == expected)
        }
    }

    @Test(
        "sorts, with a stable tie-break",
        arguments: [
            (
                "title",
                [
                    "Anonymous Tales", "One Hundred Years of Solitude", "Piranesi", "The Left Hand of Darkness",
                    "To the Lighthouse",
                ]
            ),
            // by the name as written (first name first); books with no author last
            (
                "author",
                [
                    "One Hundred Years of Solitude", "Piranesi", "The Left Hand of Darkness", "To the Lighthouse",
                    "Anonymous Tales",
                ]
            ),
            ("rating", ["To the Lighthouse", "One Hundred Years of Solitude", "Anonymous Tales"]),
            ("finished", ["To the Lighthouse", "One Hundred Years of Solitude"]),
        ])
    func sorts(_ sort: String, _ expectedStart: [String]) async throws {
        try await withDogear { app in
            let shelf = try await Shelf.make(app)
            let titles = try await shelf.titles(app, "sort=\(sort)")
            #expect(Array(titles.prefix(expectedStart.count)) == expectedStart)
            #expect(titles.count == 5)
        }
    }

    @Test("paging in every sort returns each book once, in order, without gaps")
    func paging() async throws {
        try await withDogear { app in
            let shelf = try await Shelf.make(app)
            // with and without a query (the newest-first search reads the index in its own order)
            for query in ["", "q=the&"] {
                for sort in LibraryFilter.Sort.allCases {
                    let all = try await shelf.titles(app, "\(query)sort=\(sort.rawValue)")
                    var paged: [String] = []
                    var cursor: String?
                    repeat {
                        let reply = try await shelf.search(
                            app, "\(query)sort=\(sort.rawValue)&limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""))
                        paged += reply.items.map(\.work.title)
                        cursor = reply.nextCursor
                    } while cursor != nil
                    #expect(paged == all, "\(query) \(sort)")
                    #expect(Set(paged).count == paged.count)
                    if query.isEmpty { #expect(all.count == 5) } else { #expect(all.count >= 3) }
                }
            }
            // and with a query
            let first = try await shelf.search(app, "q=the&limit=1&sort=title")
            let cursor = try #require(first.nextCursor)
            let second = try await shelf.search(app, "q=the&limit=1&sort=title&cursor=\(cursor)")
            #expect(second.items.count == 1)
            #expect(second.items.first?.work.title != first.items.first?.work.title)
        }
    }

    @Test(
        "bad filter values name the parameter",
        arguments: [
            ("sort=newest", "sort"), ("rating=6", "rating"), ("rating=x", "rating"), ("owned=maybe", "owned"),
            ("format=scroll", "format"), ("addedFrom=yesterday", "addedFrom"), ("finishedTo=2026-02-30", "finishedTo"),
            ("status=skimmed", "status"), ("tag=" + String(repeating: "t", count: 51), "tag"), ("limit=500", "limit"),
        ])
    func badValues(_ query: String, _ field: String) async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let reply = try await app.send(.GET, "/api/v1/library?\(query)", token: token)
            #expect((400..<500).contains(reply.status.code))
            #expect(reply.errorField == field)
        }
    }
}
