import DogearCore
import Foundation
import Testing

@testable import DogearTransfer

@Suite("Highlights files: Kindle and KOReader, by book")
struct HighlightsFileTests {
    static let directory = KindleClippingsTests.directory

    static func file(_ name: String) throws -> HighlightsFile {
        try #require(try HighlightsFile.read(path: directory.appendingPathComponent(name).path))
    }

    @Test("Kindle in English: a note joins the highlight it sits in; a highlight extended four times is one quote, the last")
    func kindleEnglish() throws {
        let file = try Self.file("kindle-en-Bjoern-AS.txt")
        #expect(file.format == .kindleClippings)
        #expect(file.problems.isEmpty)
        #expect(file.books.count == 1)
        let book = try #require(file.books.first)
        #expect(book.author == "Lowndes, Leil")
        #expect(book.quotes.map(\.location) == ["245-246", "290-291", "304-307", "342-343"])
        #expect(book.quotes.map(\.page) == [3, 7, 8, 11])
        #expect(book.quotes[0].note == "Portray of a Somebody")
        #expect(book.quotes.allSatisfy { $0.note != nil })
        #expect(book.notes.isEmpty)
        #expect(book.quotes.map(\.sourceKey) == ["kindle|loc:245", "kindle|loc:290", "kindle|loc:304", "kindle|loc:342"])
        #expect(book.quotes[3].createdAt == KindleClippingsTests.utc(2021, 9, 1, 23, 5, 2))
    }

    @Test("Kindle in Chinese and German: a note written before its highlight still joins it; bookmarks are counted, not quoted")
    func kindleOtherLanguages() throws {
        let file = try Self.file("kindle-de-zh-DerJoker.txt")
        #expect(file.books.map(\.title).contains("Pride and Prejudice") == false)
        #expect(file.bookmarks == 2)
        let june6 = try #require(file.books.first { $0.title == "Kindle4RSS - Jun 06" })
        #expect(june6.quotes.count == 1)
        #expect(june6.quotes[0].location == "206-207")
        #expect(june6.quotes[0].note != nil)
        let german = try #require(file.books.first { $0.author == nil })
        #expect(german.quotes.map(\.page) == [22])
        #expect(german.quotes[0].sourceKey?.hasPrefix("kindle|page:22|") == true)
        #expect(file.count == file.books.map(\.quotes.count).reduce(0, +))
    }

    @Test("KOReader's JSON (all books): every entry a quote with page, time and note; keyed by when it was made")
    func koreaderJSON() throws {
        let file = try Self.file("koreader-5books-zh-Devric.json")
        #expect(file.format == .koreaderHighlights)
        #expect(file.problems.isEmpty)
        #expect(file.books.map(\.title) == ["Cloud Atlas", "可复制的沟通力：樊登的10堂表达课", "I Am Legend", "Dear John", "Foster"])
        #expect(file.books.map(\.quotes.count) == [2, 18, 3, 2, 3])
        #expect(file.books.map { $0.quotes.filter { $0.note != nil }.count } == [0, 6, 2, 2, 3])
        let first = try #require(file.books.first?.quotes.first)
        #expect(first.text == "Marchioness")
        #expect(first.page == 16)
        #expect(first.sourceKey == "koreader|\(Int(first.createdAt!.timeIntervalSince1970))")
        #expect(first.createdAt == KindleClippingsTests.utc(2024, 4, 30, 14, 42, 13))
    }

    @Test("KOReader's Markdown of the same export reads the same quotes (text, page, time, note, key)")
    func koreaderMarkdown() throws {
        let markdown = try Self.file("koreader-5books-zh-Devric-rendered.md")
        let json = try Self.file("koreader-5books-zh-Devric.json")
        #expect(markdown.format == .koreaderHighlights)
        #expect(markdown.problems.isEmpty)
        #expect(markdown.books.map(\.title) == json.books.map(\.title))
        #expect(markdown.books.map(\.author) == json.books.map(\.author))
        for (fromMarkdown, fromJSON) in zip(markdown.books, json.books) {
            #expect(fromMarkdown.quotes == fromJSON.quotes, "\(fromJSON.title)")
        }
    }

    @Test("KOReader's one-book JSON, Markdown styles, page labels and entries without text")
    func koreaderShapes() throws {
        let one = Data(
            """
            {"title":"Piranesi","author":"Susanna Clarke","entries":[
              {"page":12,"time":1714486933,"text":"The Beauty of the House is immeasurable.","chapter":"1","drawer":"lighten","sort":"highlight"},
              {"page":"xii","time":1714486999,"text":"  ","chapter":"1","drawer":"lighten","sort":"highlight"}],
             "version":"json/1.0.0","created_on":1714487000}
            """.utf8)
        let file = HighlightsFile.read(one, format: .koreaderHighlights)
        #expect(file.books.map(\.title) == ["Piranesi"])
        #expect(file.books[0].quotes.map(\.text) == ["The Beauty of the House is immeasurable."])
        #expect(file.problems == [HighlightProblem(line: 2, message: "a highlight without its text")])

        let (styled, _) = KOReaderHighlights.parseMarkdown(
            "# A\n##### N/A\n\n## One\n### Page 3 @ 01 May 2024 08:00:00 AM\n**bold words**\n### Page x @ 01 May 2024 09:00:00 PM\n==marked==\n"
        )
        #expect(styled.map(\.text) == ["bold words", "marked"])
        #expect(styled.map(\.author) == [nil, nil])
        #expect(styled.map(\.page) == [3, nil])
        #expect(styled[1].addedAt == KindleClippingsTests.utc(2024, 5, 1, 21, 0, 0))
    }

    @Test(
        "what is not a highlights file is left to the other readers",
        arguments: [
            "Title,Author\nA,B\n", "{\"format\":\"dogear-backup\",\"entries\":[]}", "{\"1\":{\"title\":\"A\"}}",
            "# Notes\nplain markdown\n",
            // A small backup written with sorted keys, a tag named "drawer" and a note naming a chapter.
            "{\"entries\":[{\"notes\":[{\"content\":\"\\\"chapter\\\" json/\"}],\"tags\":[\"drawer\"]}],\"format\":\"dogear-backup\"}",
        ])
    func notHighlights(_ text: String) {
        #expect(HighlightsFile.detect(Data(text.utf8)) == nil)
    }
}

@Suite("Highlights files: what cannot be kept whole")
struct HighlightLimitTests {
    @Test(
        "a highlight over 5,000 characters or a book title over 512 is a problem with its line, never cut; a long note is left off its highlight"
    )
    func limits() {
        let long = String(repeating: "a", count: 5_001)
        let title = String(repeating: "T", count: 513)
        let highlights = [
            Highlight(kind: .highlight, title: "Piranesi", author: nil, page: 0, text: long, line: 1),
            Highlight(kind: .highlight, title: title, author: nil, text: "fine", line: 6),
            Highlight(kind: .highlight, title: "Piranesi", author: nil, page: 3, text: "kept", note: long, line: 11),
        ]
        let file = HighlightsFile.gather(highlights, format: .koreaderHighlights, problems: [])
        #expect(file.problems.map(\.line) == [1, 6, 11])
        #expect(file.problems[0].message == "the highlight is 5001 characters, over 5000; it is not imported")
        #expect(file.books.map(\.title) == ["Piranesi"])
        #expect(file.books[0].quotes.map(\.text) == ["kept"])
        #expect(file.books[0].quotes[0].note == nil)
        #expect(file.books[0].quotes[0].page == 3)
    }
}

@Suite("Highlights files: one place, two highlights; stray bytes")
struct HighlightPlaceTests {
    static func clipping(_ location: String, _ text: String) -> String {
        "Piranesi (Susanna Clarke)\n- Your Highlight on page 5 | Location \(location) | Added on Monday, 1 May 2023 10:00:00\n\n"
            + "\(text)\n==========\n"
    }

    @Test("two sentences starting in one Kindle location are two quotes; a highlight made longer there is one")
    func onePlace() throws {
        let text =
            Self.clipping("80-80", "The Beauty of the House is immeasurable.") + Self.clipping("80-81", "Its Kindness infinite.")
            + Self.clipping("80-82", "Its Kindness infinite; the World is good.")
        let file = HighlightsFile.read(Data(text.utf8), format: .kindleClippings)
        let book = try #require(file.books.first)
        #expect(
            book.quotes.map(\.text) == ["The Beauty of the House is immeasurable.", "Its Kindness infinite; the World is good."])
        #expect(book.quotes.map(\.sourceKey) == ["kindle|loc:80", "kindle|loc:80|its kindness infinite"])
        #expect(book.quotes[1].location == "80-82")
    }

    @Test("control characters (a NUL a database refuses) are dropped; line ends and tabs stay")
    func printable() throws {
        let text = Self.clipping("10-11", "A\u{0}B\tC\nD\u{1B}")
        let file = HighlightsFile.read(Data(text.utf8), format: .kindleClippings)
        #expect(file.books.first?.quotes.first?.text == "AB\tC\nD")
    }
}

@Suite("Imported rows: notes and quotes held to their limits")
struct ImportedTextLimitTests {
    @Test("a quote's note, location or device key over its limit, or two quotes of one key, fail the row naming the field")
    func limits() throws {
        var row = ImportedRow(line: 2)
        row.quotes = [ImportedQuote(text: "fine", location: "80-81", note: "fine", sourceKey: "kindle|loc:80")]
        try row.checkTexts()
        for (quote, field) in [
            (ImportedQuote(text: "x", note: String(repeating: "n", count: 5_001)), "quotes[1].note"),
            (ImportedQuote(text: "x", location: String(repeating: "1", count: 65)), "quotes[1].location"),
            (ImportedQuote(text: "x", sourceKey: "kindle|loc:80"), "quotes[1].sourceKey"),
            (ImportedQuote(text: String(repeating: "q", count: 5_001)), "quotes[1].text"),
        ] {
            var bad = row
            bad.quotes.append(quote)
            #expect(throws: ValidationError.self, "\(field)") { try bad.checkTexts() }
            #expect((try? bad.checkTexts()) == nil)
            do { try bad.checkTexts() } catch let error as ValidationError { #expect(error.field == field) }
        }
    }
}
