import Testing

@testable import DogearCore

@Suite("Tags")
struct TagNameTests {
    @Test("identity is the lower-case form; the display form is kept")
    func identity() throws {
        let first = try TagName("Sci-Fi")
        let later = try TagName("  sci-fi ")
        #expect(first.key == later.key)
        #expect(first.display == "Sci-Fi")
        #expect(try TagName.list(["Sci-Fi", "sci-fi", "SCI-FI"]).map(\.display) == ["Sci-Fi"])
    }

    @Test("inner white space is folded")
    func whitespace() throws {
        #expect(try TagName("space   opera").key == "space opera")
    }

    @Test("1 to 50 characters")
    func length() throws {
        #expect(try TagName(String(repeating: "a", count: 50)).display.count == 50)
        #expect(throws: ValidationError.self) { try TagName(String(repeating: "a", count: 51)) }
        #expect(throws: ValidationError.self) { try TagName("   ") }
    }

    @Test("at most 20 per entry")
    func count() throws {
        let twenty = (1...20).map { "tag\($0)" }
        #expect(try TagName.list(twenty).count == 20)
        let error = #expect(throws: ValidationError.self) { try TagName.list(twenty + ["tag21"]) }
        #expect(error?.field == "tags")
    }
}

@Suite("Ratings")
struct RatingTests {
    @Test("whole stars 1 to 5")
    func stars() throws {
        #expect(try Rating.validateStars(1) == 1)
        #expect(try Rating.validateStars(5) == 5)
        #expect(throws: ValidationError.self) { try Rating.validateStars(0) }
        #expect(throws: ValidationError.self) { try Rating.validateStars(6) }
    }

    @Test("precise ratings in quarter steps from 0.0 to 5.0")
    func precise() throws {
        for ok in [0.0, 0.25, 3.5, 3.75, 5.0] { #expect(try Rating.validatePrecise(ok) == ok) }
        for bad in [3.3, 5.25, -0.25, Double.nan] {
            #expect(throws: ValidationError.self) { try Rating.validatePrecise(bad) }
        }
    }
}

@Suite("Catalog limits")
struct BookDraftTests {
    func draft(_ change: (inout BookDraft) -> Void) -> BookDraft {
        var draft = BookDraft(title: "Piranesi", authors: ["Susanna Clarke"])
        change(&draft)
        return draft
    }

    func field(of draft: BookDraft) -> String? {
        do {
            _ = try draft.validated()
            return nil
        } catch let error as ValidationError { return error.field } catch { return "?" }
    }

    @Test("title: trimmed, 1 to 512 characters")
    func title() throws {
        #expect(try draft { $0.title = "  Piranesi  " }.validated().title == "Piranesi")
        #expect(field(of: draft { $0.title = String(repeating: "t", count: 512) }) == nil)
        #expect(field(of: draft { $0.title = String(repeating: "t", count: 513) }) == "title")
        #expect(field(of: draft { $0.title = "   " }) == "title")
        #expect(field(of: draft { $0.title = nil }) == "title")
    }

    @Test("description up to 10,000 characters")
    func description() {
        #expect(field(of: draft { $0.description = String(repeating: "d", count: 10_000) }) == nil)
        #expect(field(of: draft { $0.description = String(repeating: "d", count: 10_001) }) == "description")
    }

    @Test("at most 10 genres of at most 50 characters")
    func genres() {
        #expect(field(of: draft { $0.genres = (1...10).map { "g\($0)" } }) == nil)
        #expect(field(of: draft { $0.genres = (1...11).map { "g\($0)" } }) == "genres")
        #expect(field(of: draft { $0.genres = [String(repeating: "g", count: 50)] }) == nil)
        #expect(field(of: draft { $0.genres = ["ok", String(repeating: "g", count: 51)] }) == "genres[1]")
    }

    @Test("page count above zero")
    func pages() {
        #expect(field(of: draft { $0.pageCount = 1 }) == nil)
        #expect(field(of: draft { $0.pageCount = 0 }) == "pageCount")
        #expect(field(of: draft { $0.pageCount = -5 }) == "pageCount")
    }

    @Test(
        "publication dates as yyyy, yyyy-MM or yyyy-MM-dd",
        arguments: [
            ("1999", true), ("1999-07", true), ("1999-07-31", true), ("1999-7", false), ("1999-13", false),
            ("1999-02-30", false), ("July 1999", false),
        ])
    func publishedDate(_ value: String, _ ok: Bool) {
        #expect((field(of: draft { $0.publishedDate = value }) == nil) == ok)
    }

    @Test("format is one of the five, and an ISBN must be valid")
    func formatAndISBN() throws {
        #expect(try draft { $0.format = "massMarket" }.validated().format == .massMarket)
        #expect(field(of: draft { $0.format = "scroll" }) == "format")
        #expect(field(of: draft { $0.isbn = "0306406153" }) == "isbn")
        #expect(try draft { $0.isbn = "0-306-40615-2" }.validated().isbn?.isbn13 == "9780306406157")
    }

    @Test("authors keep their order and are never merged by spelling")
    func authors() throws {
        let book = try draft { $0.authors = ["Terry Pratchett", "Neil Gaiman", "J.K. Rowling", "J. K. Rowling"] }.validated()
        #expect(book.authors == ["Terry Pratchett", "Neil Gaiman", "J.K. Rowling", "J. K. Rowling"])
    }
}

@Suite("First-run genres")
struct GenreChoicesTests {
    @Test(
        "ticked and typed genres become one list, in order, blanks and repeats dropped",
        arguments: [
            ([], "", []),
            (["Fantasy", "Mystery"], "", ["Fantasy", "Mystery"]),
            (["Fantasy"], " Cosy crime , essays,, ", ["Fantasy", "Cosy crime", "essays"]),
            (["Fantasy"], "fantasy, FANTASY", ["Fantasy"]),
            ([], "Poetry", ["Poetry"]),
        ] as [([String], String, [String])])
    func merge(ticked: [String], typed: String, expected: [String]) {
        #expect(GenreChoices.merge(ticked: ticked, typed: typed) == expected)
    }

    @Test("every starter fits the limits a reader's preferences are held to")
    func startersFit() {
        #expect(GenreChoices.starters.count <= Limits.genresPerWork * 2)
        #expect(GenreChoices.starters.allSatisfy { $0.count <= Limits.genreMaxLength })
        #expect(Set(GenreChoices.starters.map { $0.lowercased() }).count == GenreChoices.starters.count)
    }
}
