import DogearCore
import DogearTestSupport
import Foundation
import Testing

@testable import DogearSources

@Suite("Google Books client against recorded answers")
struct GoogleBooksClientTests {
    @Test("an ISBN query maps title, authors, ISBNs, pages, date, description, cover and links", .enabled(if: fixturesPresent))
    func forSale() async throws {
        try await withStub { stub, http in
            stub.stub(
                "/books/v1/volumes", queryContains: "isbn:9780007499793",
                data: try fixture("googlebooks/volumes-isbn-9780007499793-for-sale-gbp.json"))
            let client = GoogleBooksClient(http: http, baseURL: stub.baseURL, apiKey: "k3y")
            let found = try #require(try await client.lookup(isbn: isbn("9780007499793")))
            let draft = found.draft
            #expect(found.source == .googleBooks)
            #expect(draft.title == "Space")
            #expect(draft.authors == ["Stephen Baxter"])
            #expect(draft.isbn == "9780007499793")
            #expect(draft.pageCount == 441)
            #expect(draft.publisher == "HarperCollins UK")
            #expect(draft.publishedDate == "2012-11-22")
            #expect(draft.description?.hasPrefix("2020. Fueled by an insatiable curiosity") == true)
            #expect(draft.genres == ["Fiction"])
            #expect(draft.language == "en")
            // https, and without the page-curl effect
            #expect(
                draft.coverUrl
                    == "https://books.google.com/books/content?id=lDihJsa19_gC&printsec=frontcover&img=1&zoom=1&source=gbs_api")
            #expect(draft.externalIds?["googleBooks"] == ["lDihJsa19_gC"])
            #expect(draft.infoUrl == "https://play.google.com/store/books/details?id=lDihJsa19_gC")
            #expect(throws: Never.self) { try draft.validated(source: .googleBooks) }
            let request = try #require(stub.requests.first)
            #expect(request.contains("key=k3y"))
        }
    }

    @Test("a not-for-sale volume with a year-only date", .enabled(if: fixturesPresent))
    func notForSale() async throws {
        try await withStub { stub, http in
            stub.stub(
                "/books/v1/volumes", queryContains: "isbn:9781857989380",
                data: try fixture("googlebooks/volumes-isbn-9781857989380-not-for-sale.json"))
            let client = GoogleBooksClient(http: http, baseURL: stub.baseURL)
            let draft = try #require(try await client.lookup(isbn: isbn("1857989384"))).draft
            #expect(draft.title == "Flowers for Algernon")
            #expect(draft.authors == ["Daniel Keyes"])
            #expect(draft.publishedDate == "2000")
            #expect(draft.pageCount == 216)
        }
    }

    @Test(
        "a volume without ISBN identifiers keeps the ISBN asked for; a leading blank line is fine", .enabled(if: fixturesPresent))
    func noIdentifiers() async throws {
        try await withStub { stub, http in
            stub.stub("/books/v1/volumes", data: try fixture("googlebooks/volumes-isbn-0253324009.json"))
            let client = GoogleBooksClient(http: http, baseURL: stub.baseURL)
            let draft = try #require(try await client.lookup(isbn: isbn("0253324009"))).draft
            #expect(draft.title == "Foundations of scientific method")
            #expect(draft.isbn == "9780253324009")
            #expect(draft.pageCount == 306)
            #expect(draft.publishedDate == "1973")
        }
    }

    @Test("zero results (no items key) is nil", .enabled(if: fixturesPresent))
    func zero() async throws {
        try await withStub { stub, http in
            stub.stub("/books/v1/volumes", data: try fixture("googlebooks/volumes-zero-results.json"))
            let client = GoogleBooksClient(http: http, baseURL: stub.baseURL)
            let result = try await client.lookup(isbn: isbn("9780306406157"))
            #expect(result == nil)
        }
    }

    @Test("a 429 RESOURCE_EXHAUSTED body is reported as rate limiting", .enabled(if: fixturesPresent))
    func rateLimited() async throws {
        try await withStub { stub, http in
            stub.stub("/books/v1/volumes", status: 429, data: try fixture("googlebooks/error-429-rate-limited.json"))
            let client = GoogleBooksClient(http: http, baseURL: stub.baseURL)
            do {
                _ = try await client.lookup(isbn: isbn("9780306406157"))
                Issue.record("expected a rate-limit error")
            } catch let error as SourceError {
                guard case .rateLimited(let message) = error else {
                    Issue.record("got \(error)")
                    return
                }
                #expect(message?.hasPrefix("RESOURCE_EXHAUSTED: Quota exceeded") == true)
            }
        }
    }

    @Test("search (UTF-8 BOM, HTML descriptions, ISO timestamps) asks for 40 books by relevance", .enabled(if: fixturesPresent))
    func search() async throws {
        try await withStub { stub, http in
            stub.stub("/books/v1/volumes", data: try fixture("googlebooks/search-children-of-time-2015.json"))
            let client = GoogleBooksClient(http: http, baseURL: stub.baseURL)
            let books = try await client.search("children of time tchaikovsky", limit: 40)
            #expect(books.count >= 2)
            #expect(books.first?.draft.title == "Children of Time")
            #expect(books.first?.draft.isbn == "9780316452502")
            let french = try #require(books.first { $0.draft.title == "Dans la toile du temps" })
            #expect(french.draft.publishedDate == "2019-10-03")
            #expect(books.allSatisfy { $0.draft.description?.contains("<") != true })
            // The one volume Google gives a rating for carries it (the discover deck ranks by it); the rest none.
            #expect(books.compactMap(\.rating) == [SourceRating(average: 4, count: 49)!])
            let request = try #require(stub.requests.first)
            #expect(request.contains("maxResults=40"))
            #expect(request.contains("orderBy=relevance"))
            #expect(request.contains("printType=books"))
        }
    }

    @Test("a single volume's HTML description becomes plain text", .enabled(if: fixturesPresent))
    func htmlDescription() async throws {
        let data = try fixture("googlebooks/volume-49T5twEACAAJ-en.json")
        let volume = try JSONDecoder().decode(GBVolume.self, from: SourceHTTPClient.withoutBOM(data))
        let draft = try #require(GoogleBooksMapping.draft(volume, isbn: nil, coversBaseURL: "https://covers.example"))
        let description = try #require(draft.description)
        #expect(!description.contains("<b>"))
        #expect(!description.contains("&amp;"))
        #expect(description.contains("Children of Time"))
        #expect((draft.genres ?? []).allSatisfy { !$0.contains(" / ") })
    }
}

@Suite("Google Books single-volume records")
struct GoogleVolumeTests {
    @Test("a full volume: ISBN-13 preferred, the largest image, categories split into genres", .enabled(if: fixturesPresent))
    func fullVolume() throws {
        let data = try fixture("googlebooks/volume-kPbzR4LDkAkC.json")
        let volume = try JSONDecoder().decode(GBVolume.self, from: SourceHTTPClient.withoutBOM(data))
        let draft = try #require(GoogleBooksMapping.draft(volume, isbn: nil, coversBaseURL: "https://covers.example"))
        #expect(draft.title == "Thermodynamics of Solar Energy Conversion")
        #expect(draft.authors == ["Alexis De Vos"])
        #expect(draft.isbn == "9783527408412")
        #expect(draft.pageCount == 205)
        #expect(draft.publishedDate == "2008-03-28")
        #expect(draft.genres == ["Technology & Engineering", "Power Resources"])
        // the "large" image, over https
        #expect(
            draft.coverUrl
                == "https://books.google.com/books/content?id=kPbzR4LDkAkC&printsec=frontcover&img=1&zoom=4&imgtk=AFLRE72A2s-O2ioF5STxngSMb6VfuyY7Oz97fxygkql_LVPtwyl_X8be5UjUy9M2mm-5Krmj5hCPQBn-XxTswafcTCyPDBwo-lKW4ysJ0nbpmkFEYeJiN751gJMOhKQgdgkPUb8vDab5&source=gbs_api"
        )
        #expect(draft.externalIds?["googleBooks"] == ["kPbzR4LDkAkC"])
        #expect(throws: Never.self) { try draft.validated(source: .googleBooks) }
    }
}

@Suite("HTML to text and free-text dates")
struct CleaningTests {
    @Test("tags go, breaks stay, entities decode")
    func html() {
        #expect(HTMLText.plain("<p><b>Bold</b> &amp; <i>true</i></p><p>Next&nbsp;one&#39;s</p>") == "Bold & true\nNext one's")
        #expect(HTMLText.plain("a<br/>b &lt;c&gt; &#x263A; &bogus; & done") == "a\nb <c> ☺ &bogus; & done")
    }

    @Test(
        "publication dates as sources write them",
        arguments: [
            ("2013", "2013"), ("March 2009", "2009-03"), ("Mar 05, 2013", "2013-03-05"), ("5 May 2013", "2013-05-05"),
            ("2012-11-22", "2012-11-22"), ("2019-10-03T00:00:00+02:00", "2019-10-03"), ("c1999.", "1999"), ("n.d.", nil),
        ] as [(String, String?)])
    func dates(_ raw: String, _ expected: String?) {
        #expect(PublicationDate.normalise(raw) == expected)
    }
}
