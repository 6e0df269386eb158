import DogearCore
import Foundation
import Testing

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// `JSONBytes` writes what the app's `JSONEncoder` (sorted keys, ISO 8601 dates) writes, byte for byte.
@Suite("JSON written by hand is the encoder's JSON")
struct JSONBytesTests {
    /// The encoder `configure` gives Vapor, whose bytes every other answer is.
    static func encoder() -> JSONEncoder { JSONBytes.appEncoder() }

    struct Box<Value: Encodable>: Encodable { let v: Value }

    static func expected<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try encoder().encode(Box(v: value)), as: UTF8.self)
    }

    static func written(_ write: (inout JSONBytes) -> Void) -> String {
        var json = JSONBytes()
        json.beginObject()
        json.key("v")
        write(&json)
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    static let strings: [String] = [
        "", "plain", "Les Misérables", "東京の本", "emoji 📚👩🏽‍🏫", "a/b//c", "https://covers.example/b/1.jpg",
        "quote \" and backslash \\", "tab\tnew\nline\rreturn", "\u{08}\u{0C}",
        String((0..<32).map { Character(UnicodeScalar($0)!) }),
        "\u{7F}\u{80}\u{2028}\u{2029}\u{FEFF}", "</script>",
    ]

    @Test("strings: quotes, backslashes, slashes, every control character, non-ASCII", arguments: strings)
    func string(_ value: String) throws {
        #expect(Self.written { $0.string(value) } == (try Self.expected(value)))
    }

    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.5, 0.1, 0.2 + 0.1, 1.0 / 3, 2.0 / 3, 4.35, 99.95, 3.3, 12.7, 1e-7, 1.5e-300, 123_456_789.125,
        1e15, 1e16, 1e21, 1e22, 9_007_199_254_740_993, 5e-324, 1.7976931348623157e308, 33.333333333333336,
    ]

    @Test("doubles: whole ones without .0, fractions, tiny and huge ones", arguments: doubles)
    func double(_ value: Double) throws {
        #expect(Self.written { $0.double(value) } == (try Self.expected(value)))
    }

    static let dates: [Date] = [
        Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_773_484_200),
        Date(timeIntervalSince1970: 1_773_484_200.999_9),
        Date(timeIntervalSince1970: 1_773_484_199.000_1), Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
        Date(timeIntervalSince1970: 4_102_444_799.5),  // 2099-12-31T23:59:59
        Date(timeIntervalSince1970: -86_400.25),
    ]

    @Test("dates: to the second, the fraction dropped, leap days, before 1970", arguments: dates)
    func date(_ value: Date) throws {
        #expect(Self.written { $0.date(value) } == (try Self.expected(value)))
    }

    @Test("integers, booleans, UUIDs, nulls, lists and lists by key")
    func others() throws {
        for value in [0, -1, Int.max, Int.min, 272] {
            #expect(Self.written { $0.int(value) } == (try Self.expected(value)))
        }
        for value in [true, false] {
            #expect(Self.written { $0.bool(value) } == (try Self.expected(value)))
        }
        let id = UUID()
        #expect(Self.written { $0.uuid(id) } == (try Self.expected(id)))
        #expect(Self.written { $0.string(String?.none) } == (try Self.expected(Nullable<String>(wrappedValue: nil))))
        #expect(Self.written { $0.strings(["b", "a/", ""]) } == (try Self.expected(["b", "a/", ""])))
        let lists = ["openLibraryWork": ["OL1W", "OL2W"], "goodreads": ["7"], "Zed": [], "isbn10": ["x"], "isbn": ["y"]]
        #expect(Self.written { $0.stringLists(lists) } == (try Self.expected(lists)))
    }

    @Test("a whole entry with every field set, and with every optional one empty")
    func entries() throws {
        let authors = [AuthorRef(id: UUID(), name: "Anne / Ann \"A\""), AuthorRef(id: UUID(), name: "Bő")]
        var work = WorkDTO(
            id: UUID(), title: "Title\twith / tab", authors: authors, genres: ["fantasy", "sci-fi"], culturalThemes: ["x"],
            contentWarnings: [], awards: ["Hugo"], source: "openLibrary", verified: true, qualityScore: 80,
            reviewStatus: "verified", readersCount: 3, ratingsCount: 12,
            externalIds: ["openLibraryWork": ["OL1W"], "goodreads": ["1", "2"]])
        work.subtitle = "Sub"
        work.description = "Line one\nline two <b>"
        work.firstPublishedYear = 1862
        work.originalLanguage = "fr"
        work.series = "Series"
        work.seriesNumber = 2.5
        work.readingDifficulty = "moderate"
        work.estimatedMinutes = 600
        work.originCountry = "FR"
        work.translator = "T"
        work.translatorNationality = "GB"
        work.averageRating = 4.25
        var edition = EditionDTO(id: UUID(), externalIds: ["isbn": ["1"]])
        edition.isbn13 = "9780000000002"
        edition.isbn10 = "0000000000"
        edition.isbn = "978-0-00-000000-2"
        edition.pageCount = 272
        edition.format = "hardcover"
        edition.publisher = "P"
        edition.publishedDate = "2020-09-15"
        edition.editionTitle = "First"
        edition.language = "en"
        edition.coverUrl = "https://covers.example/b/isbn/1-L.jpg"
        edition.previewUrl = "https://books.example/preview?id=1&x=2"
        edition.infoUrl = "https://books.example/info"
        var full = EntryDTO(
            id: UUID(), work: work, edition: edition, status: "reading", owned: true, onWishlist: false, favorite: true,
            rating: 4, preciseRating: 4.5, dateAdded: Date(timeIntervalSince1970: 1_773_484_200.5), dateStarted: "2026-03-01",
            dateFinished: nil, currentPage: 100, currentMinutes: 30, progress: 0.36764705882352944, readCount: 1,
            totalMinutes: 95,
            dailyGoalPages: 20, pagesPerDay: 3.3, estimatedFinish: "2026-04-01", recommendedBy: "Ann", wouldRecommend: true,
            isPublic: false, countsTowardCulturalGoal: true, culturalGoalCategory: "translated", tags: ["Book Club", "Ünï"],
            readThroughs: [ReadThroughDTO(startedOn: nil, finishedOn: "2014-03-01", outcome: "read")],
            otherEditions: [OtherEditionDTO(edition: edition, rating: nil, dateRead: "2017-07-01")],
            createdAt: Date(timeIntervalSince1970: 1_700_000_000), updatedAt: nil)
        full.matches = [SearchMatch(field: .note, snippet: "…the “tides” / turn…")]
        var empty = EntryDTO(
            id: UUID(),
            work: WorkDTO(
                id: UUID(), title: "T", authors: [], genres: [], culturalThemes: [], contentWarnings: [], awards: [],
                source: "user", verified: false, qualityScore: 0, reviewStatus: "pending", readersCount: 0, ratingsCount: 0,
                externalIds: [:]),
            edition: nil, status: "wantToRead", owned: false, onWishlist: true, favorite: false, rating: nil, preciseRating: nil,
            dateAdded: Date(timeIntervalSince1970: 0), dateStarted: nil, dateFinished: nil, currentPage: nil, currentMinutes: nil,
            progress: 0, readCount: 0, totalMinutes: 0, dailyGoalPages: nil, pagesPerDay: nil, estimatedFinish: nil,
            recommendedBy: nil, wouldRecommend: nil, isPublic: true, countsTowardCulturalGoal: false, culturalGoalCategory: nil,
            tags: [], readThroughs: [], createdAt: nil, updatedAt: nil)
        for page in [
            Page(items: [full, empty], nextCursor: "QUJD"), Page(items: [], nextCursor: nil),
            Page(items: [empty], nextCursor: nil),
        ] {
            let written = try #require(page.jsonResponse().body.buffer)
            #expect(String(buffer: written) == String(decoding: try Self.encoder().encode(page), as: UTF8.self))
        }
    }
}
