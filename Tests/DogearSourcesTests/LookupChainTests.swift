import DogearCore
import DogearTestSupport
import Foundation
import Testing

@testable import DogearSources

@Suite("Lookup chain: order, fall-through, time limits")
struct LookupChainTests {
    static let googleSpace = #"""
        {"totalItems": 1, "items": [{"id": "g1", "volumeInfo": {"title": "Piranesi", "authors": ["Susanna Clarke"],
         "industryIdentifiers": [{"type": "ISBN_13", "identifier": "9780306406157"}], "pageCount": 272}}]}
        """#

    /// The limit is generous (30 s) where no test is about it: a stub's answer on a loaded machine
    /// must not turn into a "timed out".
    func chain(
        _ stub: StubServer, _ http: SourceHTTPClient, limit: Duration = .seconds(30), limits: [String: Duration] = [:],
        offline: Bool = false
    ) -> LookupChain {
        LookupChain(
            sources: [
                OpenLibraryClient(http: http, baseURL: stub.baseURL),
                GoogleBooksClient(http: http, baseURL: stub.baseURL),
            ],
            timeLimit: limit, timeLimits: limits, offline: offline)
    }

    @Test("Open Library 404 → Google Books answers, and both attempts are reported")
    func fallThrough() async throws {
        try await withStub { stub, http in
            stub.stub("/books/v1/volumes", json: Self.googleSpace)
            let result = await chain(stub, http).lookup(isbn: try isbn("9780306406157"))
            #expect(result.book?.draft.title == "Piranesi")
            #expect(result.book?.source == .googleBooks)
            #expect(
                result.attempts == [
                    .init(source: "openLibrary", outcome: .notFound),
                    .init(source: "googleBooks", outcome: .found(count: 1)),
                ])
        }
    }

    @Test("Open Library found: Google Books is not asked")
    func firstWins() async throws {
        try await withStub { stub, http in
            stub.stub("/isbn/9780306406157.json", json: #"{"key": "/books/OL1M", "title": "Piranesi"}"#)
            stub.stub("/books/v1/volumes", json: Self.googleSpace)
            let result = await chain(stub, http).lookup(isbn: try isbn("9780306406157"))
            #expect(result.book?.source == .openLibrary)
            #expect(!stub.requests.contains { $0.hasPrefix("/books/v1") })
        }
    }

    @Test("both failing: no book, and what each source said")
    func bothFail() async throws {
        try await withStub { stub, http in
            stub.stub("/isbn/9780306406157.json", json: "{not json")
            stub.stub(
                "/books/v1/volumes", status: 429,
                json: #"{"error": {"code": 429, "message": "Quota exceeded", "status": "RESOURCE_EXHAUSTED"}}"#)
            let result = await chain(stub, http).lookup(isbn: try isbn("9780306406157"))
            #expect(result.book == nil)
            #expect(
                result.attempts == [
                    .init(source: "openLibrary", outcome: .failed(.malformed("not JSON"))),
                    .init(source: "googleBooks", outcome: .failed(.rateLimited(message: "RESOURCE_EXHAUSTED: Quota exceeded"))),
                ])
        }
    }

    @Test("a hanging source hits its time limit and the next source still answers")
    func hanging() async throws {
        try await withStub { stub, http in
            stub.stub("/isbn/9780306406157.json", json: "{}", delay: .seconds(30))
            stub.stub("/books/v1/volumes", json: Self.googleSpace)
            // Open Library's own limit is 2 s and Google's stays 30 s: the verdict is that the chain fell
            // through and Google answered, not that a loaded machine served the stub within a window.
            let result = await chain(stub, http, limits: ["openLibrary": .seconds(2)]).lookup(isbn: try isbn("9780306406157"))
            // The outcome, not the time, shows the cut: had the chain waited for the late "{}", Open
            // Library's attempt would read "malformed", not "timed out".
            #expect(result.book?.source == .googleBooks)
            #expect(result.attempts.first == .init(source: "openLibrary", outcome: .failed(.timedOut(seconds: 2))))
        }
    }

    @Test("offline asks nobody and says so")
    func offline() async throws {
        try await withStub { stub, http in
            let result = await chain(stub, http, offline: true).lookup(isbn: try isbn("9780306406157"))
            #expect(result.book == nil)
            #expect(result.attempts.allSatisfy { $0.outcome == .failed(.offline) })
            #expect(stub.requestCount == 0)
        }
    }

    @Test("search merges both sources and drops duplicates by ISBN and by title + author")
    func searchMerge() async throws {
        try await withStub { stub, http in
            stub.stub(
                "/search.json",
                json: #"""
                    {"docs": [
                      {"key": "/works/OL1W", "title": "Piranesi", "author_name": ["Susanna Clarke"], "isbn": ["9780306406157"], "cover_i": 42},
                      {"key": "/works/OL2W", "title": "Jonathan Strange & Mr Norrell", "author_name": ["Susanna Clarke"]}
                    ]}
                    """#)
            stub.stub(
                "/books/v1/volumes",
                json: #"""
                    {"items": [
                      {"id": "g1", "volumeInfo": {"title": "Piranesi", "authors": ["Susanna Clarke"], "pageCount": 272,
                       "industryIdentifiers": [{"type": "ISBN_10", "identifier": "0306406152"}]}},
                      {"id": "g2", "volumeInfo": {"title": "Jonathan Strange and Mr Norrell", "authors": ["Susanna Clarke"]}},
                      {"id": "g3", "volumeInfo": {"title": "The Ladies of Grace Adieu", "authors": ["Susanna Clarke"]}},
                      {"id": "m1", "volumeInfo": {"title": "A Magazine", "printType": "MAGAZINE"}}
                    ]}
                    """#)
            let result = await chain(stub, http).search("susanna clarke", limit: 10)
            let titles = result.books.map { $0.draft.title ?? "" }
            #expect(titles.filter { $0 == "Piranesi" }.count == 1)
            #expect(!titles.contains("A Magazine"))
            #expect(titles.contains("The Ladies of Grace Adieu"))
            let piranesi = try #require(result.books.first { $0.draft.title == "Piranesi" })
            // filled in from the other source
            #expect(piranesi.draft.pageCount == 272)
            #expect(piranesi.draft.coverUrl != nil)
            #expect(Set(piranesi.draft.externalIds?.keys.map { $0 } ?? []) == ["openLibraryWork", "googleBooks"])
            #expect(result.attempts.count == 2)
        }
    }
}

@Suite("Lookup chain: refusing an unusable answer")
struct LookupChainRejectTests {
    @Test("an answer the caller rejects counts as that source's failure and the next is asked")
    func reject() async throws {
        try await withStub { stub, http in
            stub.stub("/isbn/9780306406157.json", json: #"{"key": "/books/OL1M"}"#)  // no title
            stub.stub("/books/v1/volumes", json: LookupChainTests.googleSpace)
            let chain = LookupChain(sources: [
                OpenLibraryClient(http: http, baseURL: stub.baseURL),
                GoogleBooksClient(http: http, baseURL: stub.baseURL),
            ])
            let result = await chain.lookup(isbn: try isbn("9780306406157")) { book in
                book.draft.title == nil ? "no title" : nil
            }
            #expect(result.book?.source == .googleBooks)
            #expect(result.attempts.first?.outcome == .failed(.malformed("no title")))
        }
    }
}

@Suite("Rate-limited sources")
struct RateLimitedSourceTests {
    /// Records when each call reached the source.
    final class RecordingSource: BookSource, @unchecked Sendable {
        let name = "recording"
        private let lock = NSLock()
        private var instants: [ContinuousClock.Instant] = []
        var calls: [ContinuousClock.Instant] { lock.withLock { instants } }

        func lookup(isbn: ISBN) async throws(SourceError) -> FoundBook? {
            lock.withLock { instants.append(ContinuousClock().now) }
            return nil
        }

        func search(_ query: String, limit: Int) async throws(SourceError) -> [FoundBook] {
            lock.withLock { instants.append(ContinuousClock().now) }
            return []
        }
    }

    @Test("calls reach the source at least the interval apart, even when made at once")
    func spacing() async throws {
        let recorder = RecordingSource()
        let limited = RateLimitedSource(recorder, minimumInterval: .milliseconds(150))
        let isbn = try ISBN("9780306406157")
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { _ = try? await limited.lookup(isbn: isbn) } }
        }
        let calls = recorder.calls.sorted()
        #expect(calls.count == 4)
        for (earlier, later) in zip(calls, calls.dropFirst()) {
            #expect(later - earlier >= .milliseconds(140), "\(later - earlier)")
        }
    }
}

@Suite("Unreachable sources")
struct UnreachableSourceTests {
    @Test("a closed port is reported as refused, in plain words")
    func refused() async throws {
        try await withStub { _, http in
            let client = OpenLibraryClient(http: http, baseURL: "http://127.0.0.1:9")
            do {
                _ = try await client.lookup(isbn: isbn("9780306406157"))
                Issue.record("expected a network error")
            } catch let error as SourceError {
                #expect(error == .network("the connection was refused"))
                #expect(error.code == "unreachable")
            }
        }
    }
}
