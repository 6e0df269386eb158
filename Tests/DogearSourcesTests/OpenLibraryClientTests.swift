import DogearCore
import DogearTestSupport
import Foundation
import Testing

@testable import DogearSources

@Suite("Open Library client against recorded answers")
struct OpenLibraryClientTests {
    @Test(
        "/isbn/ redirects to the edition; the work and author fill in description and names",
        .enabled(if: fixturesPresent))
    func sabriel() async throws {
        try await withStub { stub, http in
            stub.redirect("/isbn/9780060273224.json", to: "/books/OL22951843M.json")
            stub.stub("/books/OL22951843M.json", data: try fixture("openlibrary/edition-OL-sabriel-bookwyrm.json"))
            stub.stub("/works/OL15832982W.json", data: try fixture("openlibrary/work-OL15832982W-sabriel-bookwyrm.json"))
            stub.stub("/authors/OL382982A.json", json: #"{"name": "Garth Nix", "key": "/authors/OL382982A"}"#)
            let client = OpenLibraryClient(http: http, baseURL: stub.baseURL, coversBaseURL: "https://covers.example")
            let found = try #require(try await client.lookup(isbn: isbn("0060273224")))
            let draft = found.draft
            #expect(found.source == .openLibrary)
            #expect(draft.title == "Sabriel")
            #expect(draft.authors == ["Garth Nix"])
            #expect(draft.isbn == "9780060273224")
            #expect(draft.pageCount == 491)
            #expect(draft.publisher == "Harper Trophy")
            #expect(draft.publishedDate == "1996")
            #expect(draft.format == "hardcover")
            #expect(draft.language == "en")
            #expect(draft.description?.hasPrefix("Sabriel, daughter of the necromancer Abhorsen") == true)
            #expect(draft.firstPublishedYear == 1995)
            #expect(draft.genres?.contains("Fantasy") == true)
            #expect((draft.genres?.count ?? 0) <= 10)
            // no cover on the edition: the work's first cover
            #expect(draft.coverUrl == "https://covers.example/b/id/6796986-L.jpg")
            #expect(draft.externalIds?["openLibraryEdition"] == ["OL22951843M"])
            #expect(draft.externalIds?["openLibraryWork"] == ["OL15832982W"])
            #expect(draft.externalIds?["goodreads"] == ["535197", "1102517", "518848"])
            #expect(draft.externalIds?["libraryThing"] == ["10014"])
            #expect(throws: Never.self) { try draft.validated(source: .openLibrary) }
        }
    }

    @Test(
        "edition records map title, subtitle, pages, dates, series and covers", .enabled(if: fixturesPresent),
        arguments: [
            (
                "edition-9780141346830-percy-jackson.json", "9780141346830", "Percy Jackson and the Battle of the Labyrinth", 352,
                "2013", "/b/id/14615097-L.jpg"
            ),
            ("edition-9780734418227-wundersmith.json", "9780734418227", "Wundersmith", 473, nil, "/b/id/13769253-L.jpg"),
            ("edition-9780980200447-slow-reading.json", "9780980200447", "Slow reading", 92, "2009-03", "/b/id/5546156-L.jpg"),
            (
                "edition-markdown-description-bookwyrm.json", "9781943899159", "The Stars with You", 36, "2022",
                "/b/isbn/9781943899159-L.jpg"
            ),
        ] as [(String, String, String, Int, String?, String)])
    func editions(_ file: String, _ isbnText: String, _ title: String, _ pages: Int, _ date: String?, _ cover: String)
        async throws
    {
        try await withStub { stub, http in
            stub.stub("/isbn/\(isbnText).json", data: try fixture("openlibrary/\(file)"))
            let client = OpenLibraryClient(http: http, baseURL: stub.baseURL, coversBaseURL: "https://covers.example")
            let draft = try #require(try await client.lookup(isbn: isbn(isbnText))).draft
            #expect(draft.title == title)
            #expect(draft.pageCount == pages)
            #expect(draft.publishedDate == date)
            #expect(draft.coverUrl == "https://covers.example" + cover)
            #expect(draft.isbn == isbnText)
            #expect(throws: Never.self) { try draft.validated(source: .openLibrary) }
            if file.contains("wundersmith") {
                #expect(draft.subtitle == "The Calling of Morrigan Crow")
                #expect(draft.series == "Nevermoor")
                #expect(draft.format == "paperback")
            }
            if file.contains("slow-reading") {
                #expect(draft.description == "\"A study of voluntary slow reading from diverse angles\"--Provided by publisher.")
                #expect(draft.externalIds?["amazonASIN"] == ["098020044X"])
            }
            if file.contains("markdown") {
                #expect(draft.description?.hasPrefix(">\"She didn't choose her garden\"") == true)
            }
        }
    }

    @Test("a work record's {type, value} description with CRLF and umlauts becomes plain text", .enabled(if: fixturesPresent))
    func germanWork() async throws {
        try await withStub { stub, http in
            stub.stub(
                "/isbn/9783103971422.json",
                json: #"{"key": "/books/OL1M", "title": "Autokorrektur", "works": [{"key": "/works/OL27063321W"}]}"#)
            stub.stub("/works/OL27063321W.json", data: try fixture("openlibrary/work-OL27063321W-autokorrektur-de.json"))
            stub.stub("/authors/OL10146707A.json", data: try fixture("openlibrary/author-OL20187A-vonnegut.json"))
            let client = OpenLibraryClient(http: http, baseURL: stub.baseURL)
            let draft = try #require(try await client.lookup(isbn: isbn("9783103971422"))).draft
            #expect(draft.description?.hasPrefix("Ein Plädoyer für eine inklusive und klimagerechte Verkehrswende") == true)
            #expect(draft.description?.contains("\r") == false)
            // the author is read from the work's author roles
            #expect(draft.authors == ["Kurt Vonnegut"])
            #expect(draft.subtitle == "Mobilität für eine lebenswerte Welt")
            #expect(draft.coverUrl?.hasSuffix("/b/id/12585189-L.jpg") == true)
        }
    }

    @Test("search.json docs become books with a 978 ISBN, authors and the work ID", .enabled(if: fixturesPresent))
    func search() async throws {
        try await withStub { stub, http in
            stub.stub(
                "/search.json", queryContains: "q=time+war", data: try fixture("openlibrary/search-json-time-war-bookwyrm.json"))
            let client = OpenLibraryClient(http: http, baseURL: stub.baseURL)
            let books = try await client.search("time war", limit: 10)
            #expect(books.count == 2)
            let first = try #require(books.first?.draft)
            #expect(first.title?.isEmpty == false)
            #expect(first.authors?.isEmpty == false)
            #expect(first.externalIds?["openLibraryWork"]?.first?.hasPrefix("OL") == true)
            if let isbnText = first.isbn { #expect(isbnText.count == 13) }
            #expect(stub.requests.first?.contains("limit=10") == true)
            // The ratings are asked for; these recorded docs predate them, so none is made up.
            #expect(stub.requests.first?.contains("ratings_average,ratings_count") == true)
            #expect(books.allSatisfy { $0.rating == nil })
        }
    }

    @Test("a search doc's ratings become the book's source rating")
    func searchRating() async throws {
        try await withStub { stub, http in
            let doc =
                #"{"docs":[{"key":"/works/OL1W","title":"Rated","author_name":["A. Writer"],"ratings_average":4.25,"ratings_count":812}]}"#
            stub.stub("/search.json", queryContains: "q=subject", data: Data(doc.utf8))
            let books = try await OpenLibraryClient(http: http, baseURL: stub.baseURL).search("subject:fantasy", limit: 40)
            #expect(books.map(\.rating) == [SourceRating(average: 4.25, count: 812)])
        }
    }

    @Test("an unknown ISBN is nil (404), not an error")
    func notFound() async throws {
        try await withStub { stub, http in
            let client = OpenLibraryClient(http: http, baseURL: stub.baseURL)
            let result = try await client.lookup(isbn: isbn("9780306406157"))
            #expect(result == nil)
        }
    }

    @Test("a 5xx and malformed JSON are errors that say what happened")
    func failures() async throws {
        try await withStub { stub, http in
            stub.stub("/isbn/9780306406157.json", status: 503, json: "{}")
            stub.stub("/isbn/9780441172719.json", json: "<html>Oops</html>")
            let client = OpenLibraryClient(http: http, baseURL: stub.baseURL)
            await #expect(throws: SourceError.httpStatus(503)) { try await client.lookup(isbn: isbn("9780306406157")) }
            await #expect(throws: SourceError.malformed("not JSON")) { try await client.lookup(isbn: isbn("9780441172719")) }
        }
    }
}

@Suite("Open Library books API (jscmd=data), asked when /isbn/ does not know the ISBN")
struct OpenLibraryBooksAPITests {
    @Test(
        "each recorded answer maps title, authors, publisher, pages and IDs", .enabled(if: fixturesPresent),
        arguments: [
            (
                "api-books-jscmd-data-9780734418227.json", "9780734418227", "Wundersmith", [String](), 473,
                "Lothian Children's Books"
            ),
            (
                "api-books-jscmd-data-9782070427796-fr.json", "9782070427796", "Les ombres errantes", ["Pascal Quignard"], nil,
                "Gallimard"
            ),
            (
                "api-books-jscmd-data-0385472579-zen-speaks.json", "0385472579", "Zen speaks", ["Zhizhong Cai"], 159,
                "Anchor Books"
            ),
        ] as [(String, String, String, [String], Int?, String)])
    func booksAPI(_ file: String, _ isbnText: String, _ title: String, _ authors: [String], _ pages: Int?, _ publisher: String)
        async throws
    {
        try await withStub { stub, http in
            stub.stub("/api/books", data: try fixture("openlibrary/\(file)"))
            let client = OpenLibraryClient(http: http, baseURL: stub.baseURL, coversBaseURL: "https://covers.example")
            let draft = try #require(try await client.lookup(isbn: isbn(isbnText))).draft
            #expect(draft.title == title)
            #expect(draft.authors == authors)
            #expect(draft.pageCount == pages)
            #expect(draft.publisher == publisher)
            #expect(draft.externalIds?["openLibraryEdition"]?.first?.hasPrefix("OL") == true)
            #expect(
                stub.requests.map { $0.components(separatedBy: "?").first! } == [
                    "/isbn/\(try isbn(isbnText).isbn13).json", "/api/books",
                ])
            #expect(throws: Never.self) { try draft.validated(source: .openLibrary) }
            if file.contains("zen") {
                #expect(draft.subtitle == "shouts of nothingness")
                #expect(draft.coverUrl == "https://covers.openlibrary.org/b/id/240726-L.jpg")
                #expect(draft.genres == ["Caricatures and cartoons", "Zen Buddhism"])
                #expect(draft.externalIds?["goodreads"] == ["979250"])
            }
            if file.contains("-fr") {
                #expect(draft.publishedDate == "2002")
                #expect(draft.coverUrl == "https://covers.example/b/isbn/9782070427796-L.jpg")
            }
        }
    }

    @Test("an ISBN neither route knows ({} from the books API) is nil")
    func unknown() async throws {
        try await withStub { stub, http in
            stub.stub("/api/books", json: "{}")
            let client = OpenLibraryClient(http: http, baseURL: stub.baseURL)
            let result = try await client.lookup(isbn: isbn("9780306406157"))
            #expect(result == nil)
        }
    }
}
