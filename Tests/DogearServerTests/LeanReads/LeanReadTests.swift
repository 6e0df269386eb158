import DogearCore
import Fluent
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// The lean reads (`EntryLoader`: one statement, no Fluent models; the library page written by
/// `JSONBytes`) answer byte for byte what the reads before them answered: `ReferenceEntryLoader`
/// (Fluent models, a query per part) encoded by the app's `JSONEncoder`. On SQLite and PostgreSQL.
@Suite("Lean reads answer what the reads before them answered")
struct LeanReadTests {
    /// A library with every part an entry can have: other editions and external IDs (imported from
    /// Goodreads), past read-throughs, sessions (pace), a book being read with a fractional progress,
    /// tags, notes, and text that needs escaping.
    static func varied(_ app: Application) async throws -> String {
        let token = try await app.signUp()
        _ = try await app.importFile(
            token,
            ImportSameWorkTests.file([
                ImportEditionsTests.hardcover, ImportEditionsTests.kindleNoISBN, ImportEditionsTests.paperback,
                ImportSameWorkTests.hardcover2014, ImportSameWorkTests.kindle2018,
            ]))
        let reading = try await app.addEntry(
            token, title: "Les Misérables / \"Tome 1\"", authors: ["Victor Hugo", "Isabel F. Hapgood"], pageCount: 1_463,
            extra: ["status": "reading", "tags": ["Classics", "Book Club", "Ünïcode"], "recommendedBy": "Ann \\ Bo"])
        for (date, pages) in [("2026-03-10", 37), ("2026-03-12", 12), ("2026-03-13", 0)] {
            try await app.must(
                .POST, "/api/v1/library/\(reading.id)/sessions", token: token,
                json: ["date": date, "minutes": 25, "pagesRead": pages])
        }
        try await app.must(.POST, "/api/v1/library/\(reading.id)/progress", token: token, json: ["page": 333])
        try await app.must(
            .POST, "/api/v1/library/\(reading.id)/notes", token: token, json: ["content": "the tides turn in the barricades"])
        let rated = try await app.addEntry(
            token, title: "東京の本", authors: ["作者"], pageCount: nil,
            extra: ["status": "read", "rating": 5, "dateFinished": "2026-01-02", "wouldRecommend": false, "favorite": true])
        _ = rated
        _ = try await app.addEntry(
            token, title: "Tides", authors: ["Sara Freeman"], pageCount: 240, extra: ["wouldRecommend": true, "owned": true])
        for number in 0..<4 {
            _ = try await app.addEntry(
                token, title: "Filler \(number)", authors: ["Author \(number % 2)"], pageCount: 100 + number)
        }
        return token
    }

    static func encoder() -> JSONEncoder { JSONBytesTests.encoder() }

    @Test(
        "every entry: the one-statement loader's DTO encodes to the reference loader's bytes, and so does its hand-written JSON")
    func loaderMatchesReference() async throws {
        try await withDogear { app in
            _ = try await Self.varied(app)
            let entries = try await LibraryEntry.query(on: app.db).sort(\.$dateAdded).all()
            #expect(entries.count == 9)
            let reference = try await ReferenceEntryLoader(db: app.db, today: fixedToday).load(entries)
            let lean = try await EntryLoader(db: app.db, today: fixedToday).load(entries.map { try $0.requireID() }).map(
                EntryDTO.init)
            #expect(lean.count == reference.count)
            for (leanEntry, referenceEntry) in zip(lean, reference) {
                let expected = String(decoding: try Self.encoder().encode(referenceEntry), as: UTF8.self)
                #expect(String(decoding: try Self.encoder().encode(leanEntry), as: UTF8.self) == expected)
                var json = JSONBytes()
                leanEntry.write(to: &json)
                #expect(String(decoding: json.bytes, as: UTF8.self) == expected)
            }
            // The parts the library has are really there, so the comparison compared something.
            #expect(lean.contains { !$0.otherEditions.isEmpty } && lean.contains { !$0.readThroughs.isEmpty })
            #expect(lean.contains { $0.pagesPerDay != nil && $0.estimatedFinish != nil })
            #expect(lean.contains { !$0.work.externalIds.isEmpty } && lean.contains { $0.wouldRecommend == false })
        }
    }

    /// Values worked out by hand from what `varied` wrote, so the comparison above is anchored to
    /// what a reader should see, not only to the code before the lean reads.
    @Test("the book being read shows the pace, finish, totals, tags and texts worked out by hand")
    func handComputed() async throws {
        try await withDogear { app in
            let token = try await Self.varied(app)
            let page = try await app.send(.GET, "/api/v1/library?q=barricades", token: token).entries
            let entry = try #require(page.items.first)
            #expect(page.items.count == 1)
            // Sessions of 37, 12 and 0 pages on 10, 12 and 13 March: 49 pages over 4 days is 12.25 a
            // day, shown to one decimal (12.3). 1,463 - 333 = 1,130 pages left at 12.25 a day is 92.2,
            // so 93 days from 14 March 2026: 15 June 2026. Three sessions of 25 minutes: 75.
            #expect(entry.pagesPerDay == 12.3)
            #expect(entry.estimatedFinish == "2026-06-15")
            #expect(entry.totalMinutes == 75)
            #expect(entry.currentPage == 333)
            #expect(entry.edition?.pageCount == 1_463)
            #expect(entry.status == "reading")
            // Tags in the order of their folded names; authors as given; texts exactly as typed.
            #expect(entry.tags == ["Book Club", "Classics", "Ünïcode"])
            #expect(entry.work.authors.map(\.name) == ["Victor Hugo", "Isabel F. Hapgood"])
            #expect(entry.work.title == "Les Misérables / \"Tome 1\"")
            #expect(entry.recommendedBy == "Ann \\ Bo")
            #expect(entry.readThroughs.isEmpty && entry.otherEditions.isEmpty)
        }
    }

    @Test("GET /api/v1/library, page by page and searched: the reference page's encoded bytes")
    func libraryRouteMatchesReference() async throws {
        try await withDogear { app in
            let token = try await Self.varied(app)
            let user = try #require(try await User.query(on: app.db).first())
            for query in ["limit=4", "limit=50", "q=tides", "q=void+star", "status=reading", "sort=title&limit=3"] {
                var address: String? = "/api/v1/library?" + query
                var pages = 0
                while let path = address {
                    let reply = try await app.send(.GET, path, token: token)
                    #expect(reply.status == .ok)
                    let expected = try await Self.referencePage(app, user: user, query: String(path.split(separator: "?")[1]))
                    #expect(reply.body == expected, "\(path)")
                    let next = try reply.entries.nextCursor
                    address = next.map { "/api/v1/library?\(query)&cursor=\($0)" }
                    pages += 1
                }
                #expect(pages >= 1)
            }
        }
    }

    @Test("home and a synced entry show the reference loader's entries")
    func homeAndSyncMatchReference() async throws {
        try await withDogear { app in
            let token = try await Self.varied(app)
            let home = try await app.send(.GET, "/api/v1/home", token: token)
            let reading = try #require(home["currentlyReading"] as? [[String: Any]])
            let finished = try #require(home["recentlyFinished"] as? [[String: Any]])
            #expect(reading.count == 1 && finished.count == 3)
            let ids = (reading + finished).compactMap { ($0["id"] as? String).flatMap(UUID.init(uuidString:)) }
            let models = try await LibraryEntry.query(on: app.db).filter(\.$id ~~ ids).all()
            let byID = Dictionary(uniqueKeysWithValues: try models.map { (try $0.requireID(), $0) })
            let reference = try await ReferenceEntryLoader(db: app.db, today: fixedToday).load(ids.compactMap { byID[$0] })
            let shown = try JSONSerialization.data(withJSONObject: reading + finished, options: [.sortedKeys])
            let expected = try JSONSerialization.data(
                withJSONObject: try JSONSerialization.jsonObject(with: try Self.encoder().encode(reference)),
                options: [.sortedKeys])
            #expect(shown == expected)
            let one = try await app.send(.GET, "/api/v1/library/\(ids[0])", token: token)
            #expect(one.body == String(decoding: try Self.encoder().encode(reference[0]), as: UTF8.self))
        }
    }

    @Test("home's bytes are the app's encoder's for the same answer: entries, clubs, goals and stats")
    func homeBytes() async throws {
        try await withDogear { app in
            let token = try await Self.varied(app)
            #expect(
                try await app.send(.POST, "/api/v1/clubs", token: token, json: ["name": "Tuesday \"Readers\" / Ü"]).status
                    == .created)
            #expect(
                try await app.send(.POST, "/api/v1/goals", token: token, json: ["year": 2026, "metric": "books", "target": 12])
                    .status == .created)
            // A second club with every field a club can fill: a description, a cover, a current book.
            let club = try await app.send(
                .POST, "/api/v1/clubs", token: token,
                json: [
                    "name": "Book Club", "description": "Line one\nline \"two\" </script>", "isPublic": true,
                    "coverUrl": "https://covers.example/club.jpg",
                ])
            let clubID = try #require(club["id"] as? String)
            let entry = try await app.addEntry(token, title: "The Club Pick", authors: ["Ann Author"], pageCount: 240)
            try await app.must(
                .PUT, "/api/v1/clubs/\(clubID)/current-book", token: token,
                json: ["entryId": entry.id.uuidString, "startDate": "2026-03-01"])
            let reply = try await app.send(.GET, "/api/v1/home", token: token)
            #expect(reply.status == .ok)
            let home = try reply.decode(HomeDTO.self)
            #expect(reply.body == String(decoding: try Self.encoder().encode(home), as: UTF8.self))
            #expect(home.clubs.count == 2 && home.goals.count == 1 && !home.currentlyReading.isEmpty)
            #expect(home.clubs.contains { $0.currentBook != nil && $0.description != nil && $0.coverUrl != nil })
            #expect(!home.recentlyFinished.isEmpty && home.stats.readAllTime > 0)
            // A reader with no clubs and no goals: the empty lists are the encoder's too.
            let newcomer = try await app.signUp("newcomer@example.com")
            let empty = try await app.send(.GET, "/api/v1/home", token: newcomer)
            let emptyHome = try empty.decode(HomeDTO.self)
            #expect(empty.body == String(decoding: try Self.encoder().encode(emptyHome), as: UTF8.self))
            #expect(emptyHome.clubs.isEmpty && emptyHome.goals.isEmpty)
        }
    }

    /// The page as `LibraryQueryService` answered before the lean reads: the search for the ids (it
    /// is unchanged), then the reference loader, the match reasons, and the app's encoder.
    static func referencePage(_ app: Application, user: User, query: String) async throws -> String {
        let filter = try LibraryFilter(query: query)
        let sql = app.db.sql
        let index = SearchIndexes.forDatabase(sql)
        let page = try await LibrarySearchQuery(db: sql, index: index, userID: try user.requireID(), timeZone: .gmt).run(filter)
        let models = try await LibraryEntry.query(on: app.db).filter(\.$id ~~ page.ids).all()
        let byID = Dictionary(uniqueKeysWithValues: try models.map { (try $0.requireID(), $0) })
        var items = try await ReferenceEntryLoader(db: app.db, today: fixedToday).load(page.ids.compactMap { byID[$0] })
        if !filter.terms.isEmpty {
            let documents = try await index.documents(page.ids, on: sql)
            for position in items.indices {
                items[position].matches = MatchReasons.find(filter.terms, in: documents[items[position].id]?.fields ?? [])
            }
        }
        let reference = Page(items: items, nextCursor: page.nextCursor.map(LibraryFilter.encodeCursor))
        return String(decoding: try encoder().encode(reference), as: UTF8.self)
    }
}
