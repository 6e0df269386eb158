import DogearTestSupport
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Small answers in the shapes Open Library and Google Books send, so these tests always run.
enum Recorded {
    static let olEdition = #"""
        {"key": "/books/OL7353617M", "title": "Fantastic Mr. Fox", "publishers": ["Puffin"], "publish_date": "October 1, 1988",
         "number_of_pages": 96, "isbn_10": ["0140328726"], "isbn_13": ["9780140328721"], "covers": [8739161],
         "physical_format": "Paperback", "works": [{"key": "/works/OL45804W"}], "authors": [{"key": "/authors/OL34184A"}],
         "identifiers": {"goodreads": ["1507552"]}}
        """#
    static let olWork = #"""
        {"key": "/works/OL45804W", "title": "Fantastic Mr Fox", "first_publish_date": "1970",
         "description": {"type": "/type/text", "value": "The main character is a fox."}, "subjects": ["Foxes", "Juvenile fiction"]}
        """#
    static let olAuthor = #"{"name": "Roald Dahl"}"#
    static let google = #"""
        {"totalItems": 1, "items": [{"id": "wrOQLV6xB-wC", "volumeInfo": {"title": "Harry Potter and the Sorcerer's Stone",
         "authors": ["J.K. Rowling"], "publisher": "Pottermore", "publishedDate": "2015-12-08",
         "description": "<p>Turning the envelope over, <b>his hand trembling</b>&hellip;</p>",
         "industryIdentifiers": [{"type": "ISBN_13", "identifier": "9781781100486"}, {"type": "ISBN_10", "identifier": "1781100489"}],
         "pageCount": 309, "printType": "BOOK", "categories": ["Juvenile Fiction / Fantasy & Magic"], "language": "en",
         "imageLinks": {"thumbnail": "http://books.google.com/books/content?id=wrOQLV6xB-wC&img=1&zoom=1&edge=curl"}}}]}
        """#

    static func mrFox(_ stub: StubServer) {
        stub.redirect("/isbn/9780140328721.json", to: "/books/OL7353617M.json")
        stub.stub("/books/OL7353617M.json", json: olEdition)
        stub.stub("/works/OL45804W.json", json: olWork)
        stub.stub("/authors/OL34184A.json", json: olAuthor)
    }
}

/// The sources' time limit is generous (20 s): the stub answers at once, but on a loaded 2-core
/// machine running the whole suite in parallel its answer was seen to take over 5 s to be read.
func withStubbedDogear(
    timeLimit: Double = 20, timeLimits: [String: Double] = [:], offline: Bool = false,
    _ body: (Application, StubServer) async throws -> Void
) async throws {
    let stub = try await StubServer.start()
    do {
        try await withDogear(
            adjust: {
                $0.openLibraryBaseURL = stub.baseURL
                $0.googleBooksBaseURL = stub.baseURL
                $0.openLibraryCoversBaseURL = "https://covers.example"
                $0.sourceTimeLimitSeconds = timeLimit
                $0.sourceTimeLimitsSeconds = timeLimits
                $0.offline = offline
            },
            { app in try await body(app, stub) })
    } catch {
        await stub.shutdown()
        throw error
    }
    await stub.shutdown()
}

@Suite("Lookup by ISBN: catalog, Open Library, Google Books")
struct CatalogLookupTests {
    @Test("Open Library answers, the book is saved, and a second lookup makes no request")
    func openLibraryThenCache() async throws {
        try await withStubbedDogear { app, stub in
            Recorded.mrFox(stub)
            let token = try await app.signUp()
            let first = try await app.send(.GET, "/api/v1/books/lookup?isbn=0-14-032872-6", token: token)
            #expect(first.status == .ok)
            let found = try first.decode(LookupDTO.self)
            #expect(found.foundIn == "openLibrary")
            let work = found.book.work
            let edition = try #require(found.book.edition)
            #expect(work.title == "Fantastic Mr. Fox")
            #expect(work.authors.first?.name == "Roald Dahl")
            #expect(work.description == "The main character is a fox.")
            #expect(work.source == "openLibrary")
            #expect(work.firstPublishedYear == 1970)
            #expect(work.externalIds["openLibraryWork"] == ["OL45804W"])
            #expect(edition.isbn13 == "9780140328721")
            #expect(edition.pageCount == 96)
            #expect(edition.publishedDate == "1988-10-01")
            #expect(edition.coverUrl == "https://covers.example/b/id/8739161-L.jpg")
            #expect(found.sources.first?.outcome == "found")
            let requests = stub.requestCount
            #expect(requests == 4)  // isbn redirect, edition, work, author

            let second = try await app.send(.GET, "/api/v1/books/lookup?isbn=9780140328721", token: token)
            let cached = try second.decode(LookupDTO.self)
            #expect(cached.foundIn == "catalog")
            #expect(cached.book.work.id == work.id)
            #expect(stub.requestCount == requests)
            #expect(try await Work.query(on: app.db).count() == 1)
        }
    }

    @Test("Open Library does not know it: Google Books answers, HTML description as text")
    func google() async throws {
        try await withStubbedDogear { app, stub in
            stub.stub("/books/v1/volumes", queryContains: "isbn:9781781100486", json: Recorded.google)
            let token = try await app.signUp()
            let reply = try await app.send(.GET, "/api/v1/books/lookup?isbn=9781781100486", token: token)
            #expect(reply.status == .ok)
            let found = try reply.decode(LookupDTO.self)
            #expect(found.foundIn == "googleBooks")
            #expect(found.sources.map(\.source) == ["openLibrary", "googleBooks"])
            #expect(found.sources.map(\.outcome) == ["notFound", "found"])
            #expect(found.book.work.description == "Turning the envelope over, his hand trembling…")
            #expect(found.book.work.genres == ["Juvenile Fiction", "Fantasy & Magic"])
            #expect(found.book.edition?.coverUrl == "https://books.google.com/books/content?id=wrOQLV6xB-wC&img=1&zoom=1")
        }
    }

    @Test("both sources failing: 404 bookNotFound saying what each said")
    func bothFail() async throws {
        try await withStubbedDogear { app, stub in
            stub.stub("/isbn/9780306406157.json", status: 500, json: "{}")
            stub.stub(
                "/books/v1/volumes", status: 429,
                json: #"{"error": {"code": 429, "message": "Quota exceeded", "status": "RESOURCE_EXHAUSTED"}}"#)
            let token = try await app.signUp()
            let reply = try await app.send(.GET, "/api/v1/books/lookup?isbn=9780306406157", token: token)
            #expect(reply.status == .notFound)
            #expect(reply.errorCode == "bookNotFound")
            #expect(reply.errorMessage?.contains("Open Library: answered HTTP 500") == true)
            #expect(reply.errorMessage?.contains("Google Books: rate limited") == true)
            let sources = try #require(reply.error?.sources)
            #expect(sources.map(\.code) == ["httpError", "rateLimited"])
            #expect(try await Work.query(on: app.db).count() == 0)
        }
    }

    @Test("a hanging source hits its time limit; the request still answers from the next")
    func hanging() async throws {
        // Open Library's own limit is short (1 s) and Google's the suite's generous one, so the verdict
        // is the outcome (the chain fell through and the next source answered), never how fast a
        // loaded machine serves the stub.
        try await withStubbedDogear(timeLimits: ["openLibrary": 1]) { app, stub in
            stub.stub("/isbn/9781781100486.json", json: "{}", delay: .seconds(30))
            stub.stub("/books/v1/volumes", json: Recorded.google)
            let token = try await app.signUp()
            let reply = try await app.send(.GET, "/api/v1/books/lookup?isbn=9781781100486", token: token)
            // The outcome shows the cut (a late "{}" would read "malformed"), and the next source answered.
            #expect(reply.status == .ok)
            let found = try reply.decode(LookupDTO.self)
            #expect(found.sources.first?.code == "timedOut")
            #expect(found.foundIn == "googleBooks")
        }
    }

    @Test(
        "invalid ISBNs get a clear 422 and make no request",
        arguments: ["9780140328722", "96385074", "ABC123", "", "4006381333931"])
    func invalid(_ isbn: String) async throws {
        try await withStubbedDogear { app, stub in
            let token = try await app.signUp()
            let reply = try await app.send(.GET, "/api/v1/books/lookup?isbn=\(isbn)", token: token)
            #expect(reply.status == .unprocessableEntity)
            #expect(reply.errorField == "isbn")
            #expect(reply.errorMessage?.isEmpty == false)
            let add = try await app.send(.POST, "/api/v1/library", token: token, json: ["isbn": isbn])
            #expect(add.status == .unprocessableEntity)
            #expect(stub.requestCount == 0)
        }
    }

    @Test("offline answers from the catalog alone, saying so")
    func offline() async throws {
        try await withStubbedDogear(offline: true) { app, stub in
            let token = try await app.signUp()
            let unknown = try await app.send(.GET, "/api/v1/books/lookup?isbn=9780140328721", token: token)
            #expect(unknown.status == .notFound)
            let sources = try #require(unknown.error?.sources)
            #expect(sources.allSatisfy { $0.code == "offline" })
            _ = try await app.addBook(token, title: "Fantastic Mr Fox", authors: ["Roald Dahl"], isbn: "9780140328721")
            let known = try await app.send(.GET, "/api/v1/books/lookup?isbn=0140328726", token: token)
            let found = try known.decode(LookupDTO.self)
            #expect(found.foundIn == "catalog")
            #expect(found.inLibrary != nil)
            #expect(stub.requestCount == 0)
        }
    }

    @Test("POST /library {isbn} adds straight from a lookup; the same ISBN again is 409")
    func addByISBN() async throws {
        try await withStubbedDogear { app, stub in
            Recorded.mrFox(stub)
            let token = try await app.signUp()
            let added = try await app.send(
                .POST, "/api/v1/library", token: token, json: ["isbn": "9780140328721", "status": "reading"])
            #expect(added.status == .created)
            let entry = try added.entry
            #expect(entry.work.title == "Fantastic Mr. Fox")
            #expect(entry.edition?.pageCount == 96)
            #expect(entry.dateStarted == "2026-03-14")
            let again = try await app.send(.POST, "/api/v1/library", token: token, json: ["isbn": "0140328726"])
            #expect(again.status == .conflict)
            #expect(again.error?.entryId == entry.id.uuidString)
            let badField = try await app.send(
                .POST, "/api/v1/library", token: token, json: ["isbn": "9781781100486", "rating": 9])
            #expect(badField.errorField == "rating")
            #expect(!stub.requests.contains { $0.contains("9781781100486") })
            let unknown = try await app.send(.POST, "/api/v1/library", token: token, json: ["isbn": "9780306406157"])
            #expect(unknown.status == .notFound)
            #expect(unknown.errorCode == "bookNotFound")
        }
    }
}

@Suite("Catalog search and pages")
struct CatalogSearchTests {
    @Test("search merges the catalog and both sources, drops duplicates and marks what the reader has")
    func search() async throws {
        try await withStubbedDogear { app, stub in
            stub.stub(
                "/search.json",
                json: #"""
                    {"docs": [{"key": "/works/OL82563W", "title": "Harry Potter and the Philosopher's Stone", "author_name": ["J. K. Rowling"],
                               "isbn": ["9780747532699"], "cover_i": 10521270, "first_publish_year": 1997},
                              {"key": "/works/OL1W", "title": "Sorcerer's Stone (dup by ISBN)", "author_name": ["J.K. Rowling"], "isbn": ["9781781100486"]}]}
                    """#)
            stub.stub("/books/v1/volumes", json: Recorded.google)
            let token = try await app.signUp()
            _ = try await app.addBook(
                token, title: "Harry Potter and the Chamber of Secrets", authors: ["J.K. Rowling"], isbn: "9780747538493")
            let reply = try await app.send(.GET, "/api/v1/books/search?q=harry+potter&limit=10", token: token)
            #expect(reply.status == .ok)
            let found = try reply.decode(SearchDTO.self)
            #expect(found.items.first?.source == "catalog")
            #expect(found.items.first?.inLibrary != nil)
            #expect(found.items.filter { $0.isbn13 == "9781781100486" }.count == 1)
            #expect(found.items.contains { $0.source == "openLibrary" })
            #expect(found.items.dropFirst().allSatisfy { $0.inLibrary == nil })
            #expect(found.sources.count == 2)
            #expect(try await app.send(.GET, "/api/v1/books/search?q=", token: token).errorField == "q")
            #expect(try await app.send(.GET, "/api/v1/books/search?q=x&limit=41", token: token).errorField == "limit")
        }
    }

    @Test("work, edition and author pages; unknown ids are 404")
    func pages() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entry = try await app.addEntry(
                token, title: "Good Omens", authors: ["Terry Pratchett", "Neil Gaiman"], isbn: "0441172717")
            let workID = entry.work.id
            let editionID = try #require(entry.edition?.id)
            let authorID = try #require(entry.work.authors.last?.id)
            let workPage = try await app.send(.GET, "/api/v1/works/\(workID)", token: token).decode(WorkPageDTO.self)
            #expect(workPage.work.title == "Good Omens")
            #expect(workPage.editions.count == 1)
            #expect(workPage.inLibrary == entry.id)
            let editionPage = try await app.send(.GET, "/api/v1/editions/\(editionID)", token: token)
                .decode(EditionPageDTO.self)
            #expect(editionPage.edition.isbn13 == "9780441172719")
            #expect(editionPage.work.id == workID)
            let author = try await app.send(.GET, "/api/v1/authors/\(authorID)", token: token).decode(AuthorDTO.self)
            #expect(author.name == "Neil Gaiman")
            #expect(author.works.first?.title == "Good Omens")
            #expect(try await app.send(.GET, "/api/v1/works/\(UUID())", token: token).errorCode == "bookNotFound")
            #expect(try await app.send(.GET, "/api/v1/authors/\(UUID())", token: token).status == .notFound)
            #expect(try await app.send(.GET, "/api/v1/works/\(workID)").status == .unauthorized)
        }
    }
}
