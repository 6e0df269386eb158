import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// The book page's sessions, notes and quotes read in one statement (`pageContents(of:)`) are what
/// the routes' own reads give (a Fluent query each, newest first), for every entry. On SQLite and
/// PostgreSQL.
@Suite("Lean reads: the book page's sessions, notes and quotes")
struct LeanBookPageTests {
    @Test("every entry: the one statement's lists equal the three reads before it, in their order")
    func pageContentsMatchReference() async throws {
        try await withDogear { app in
            let token = try await LeanReadTests.varied(app)
            let library = try await app.send(.GET, "/api/v1/library?limit=50", token: token).entries
            let reading = try #require(library.items.first { $0.status == "reading" })
            for (text, discussion) in [("a first \"note\" / Ünïcode", false), ("for the club", true)] {
                let note = try await app.send(
                    .POST, "/api/v1/library/\(reading.id)/notes", token: token,
                    json: ["content": text, "discussion": discussion])
                #expect(note.status == .created)
            }
            for (text, page) in [("It was the best of times", 3), ("second quote", 40)] {
                let quote = try await app.send(
                    .POST, "/api/v1/library/\(reading.id)/quotes", token: token, json: ["text": text, "page": page])
                #expect(quote.status == .created)
            }
            let user = try #require(try await User.query(on: app.db).filter(\.$email == "reader@example.com").first())
            let content = EntryContentService(library: LibraryService(db: app.db, user: user, today: fixedToday, now: fixedNow))
            var compared = 0
            for shown in library.items {
                // The page reads the service's record of the entry the API showed.
                let entry = try #require(try await EntryLoader(db: app.db, today: fixedToday).load([shown.id]).first)
                let lean = try await content.pageContents(of: entry)
                let reference = EntryContentService.PageContents(
                    notes: try await content.notes(of: entry.id).map {
                        .init(id: try $0.requireID(), content: $0.content, createdAt: $0.createdAt, isDiscussion: $0.isDiscussion)
                    },
                    sessions: try await content.sessions(of: entry.id).map {
                        .init(date: $0.date, minutes: $0.minutes, pagesRead: $0.pagesRead)
                    },
                    quotes: try await content.quotes(of: entry.id).map {
                        .init(text: $0.text, page: $0.page, location: $0.location, note: $0.note)
                    })
                #expect(lean.notes.map(\.id) == reference.notes.map(\.id))
                #expect(lean.notes.map(\.content) == reference.notes.map(\.content))
                #expect(lean.notes.map(\.isDiscussion) == reference.notes.map(\.isDiscussion))
                for (mine, theirs) in zip(lean.notes, reference.notes) {
                    #expect(abs((mine.createdAt ?? .distantPast).timeIntervalSince(theirs.createdAt ?? .distantFuture)) < 0.001)
                }
                #expect(lean.sessions == reference.sessions && lean.quotes == reference.quotes)
                compared += lean.notes.count + lean.sessions.count + lean.quotes.count
            }
            #expect(compared >= 8)
            // The page shows them.
            let web = WebClient(app)
            web.cookies[WebCookies.session] = token
            let page = try await web.get("/books/\(reading.id)")
            #expect(page.status == .ok)
            #expect(page.body.contains("It was the best of times") && page.body.contains("for the club"))
        }
    }
}
