import Foundation
import Testing

@testable import DogearTransfer

@Suite("Kindle's My Clippings.txt")
struct KindleClippingsTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/highlights")

    static func read(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    @Test("an English Kindle's file: every clipping, highlights and notes with pages, locations and times")
    func english() throws {
        let (highlights, problems) = KindleClippings.parse(try Self.read("kindle-en-Bjoern-AS.txt"))
        #expect(problems.isEmpty)
        #expect(highlights.count == 12)
        #expect(highlights.filter { $0.kind == .note }.count == 4)
        let first = try #require(highlights.first)
        #expect(first.title == "How to Talk to Anyone: 92 Little Tricks for Big Success in Relationships")
        #expect(first.author == "Lowndes, Leil")
        #expect(first.kind == .highlight)
        #expect(first.page == 3)
        #expect(first.location == 245...246)
        #expect(first.addedAt == Self.utc(2021, 9, 1, 22, 50, 0))
        #expect(first.text.hasPrefix("‘Just give ’em great posture"))
        #expect(first.line == 1)
        let note = highlights[1]
        #expect(note.kind == .note)
        #expect(note.location == 246...246)
        #expect(note.text == "Portray of a Somebody")
        #expect(note.line == 6)
    }

    @Test("a Kindle in Chinese, then German: locations as #n-m, 下午 times, a page range, no author, bookmarks")
    func otherLanguages() throws {
        let (highlights, problems) = KindleClippings.parse(try Self.read("kindle-de-zh-DerJoker.txt"))
        #expect(problems.isEmpty)
        #expect(highlights.count == 10)
        let chinese = highlights[0]
        #expect(chinese.kind == .highlight)
        #expect(chinese.title == "Kindle4RSS - Jun 04")
        #expect(chinese.author == "Kindle4rss")
        #expect(chinese.location == 204...205)
        #expect(chinese.addedAt == Self.utc(2014, 6, 5, 19, 34, 1))
        #expect(highlights[3].kind == .note)
        #expect(highlights[3].location == 207...207)
        let german = highlights[7]
        #expect(german.kind == .highlight)
        #expect(german.author == nil)
        #expect(german.page == 22)
        #expect(german.location == nil)
        #expect(german.addedAt == Self.utc(2014, 6, 24, 7, 19, 51))
        let bookmark = highlights[8]
        #expect(bookmark.kind == .bookmark)
        #expect(bookmark.title == "Pride and Prejudice")
        #expect(bookmark.author == "Austen, Jane")
        #expect(bookmark.location == 3257...3257)
        #expect(bookmark.text.isEmpty)
        #expect(bookmark.addedAt == Self.utc(2014, 7, 8, 22, 42, 55))
    }

    @Test(
        "the line under the title in the languages Kindle writes",
        arguments: [
            (
                "- Your Highlight on page 12 | Location 180-182 | Added on Sunday, March 12, 2023 10:15:07 PM",
                Highlight.Kind.highlight, 12, 180...182, utc(2023, 3, 12, 22, 15, 7)
            ),
            (
                "- Ihre Markierung bei Position 2983-2984 | Hinzugefügt am Dienstag, 17. Mai 2022 21:00:35", .highlight, nil,
                2983...2984, utc(2022, 5, 17, 21, 0, 35)
            ),
            (
                "- Votre surlignement sur la page 5 | emplacement 1234-1236 | Ajouté le lundi 30 septembre 2019 18:00:39",
                .highlight, 5, 1234...1236, utc(2019, 9, 30, 18, 0, 39)
            ),
            (
                "- Tu subrayado en la página 12 | posición 100-102 | Añadido el martes, 5 de enero de 2021 10:30:00", .highlight,
                12, 100...102, utc(2021, 1, 5, 10, 30, 0)
            ),
            (
                "- Ihre Notiz auf Seite 12 | bei Position 183 | Hinzugefügt am Montag, 3. März 2025 22:16:40", .note, 12,
                183...183, utc(2025, 3, 3, 22, 16, 40)
            ),
            (
                "- Your Bookmark on Location 500 | Added on Tuesday, March 16, 2026 12:15:00 AM", .bookmark, nil, 500...500,
                utc(2026, 3, 16, 0, 15, 0)
            ),
        ] as [(String, Highlight.Kind, Int?, ClosedRange<Int>?, Date)])
    func metaLines(_ meta: String, _ kind: Highlight.Kind, _ page: Int?, _ location: ClosedRange<Int>?, _ added: Date) throws {
        let file = "A Book (An Author)\r\n\(meta)\r\n\r\nSome words.\r\n==========\r\n"
        let (highlights, problems) = KindleClippings.parse(file)
        #expect(problems.isEmpty)
        let highlight = try #require(highlights.first)
        #expect(highlight.kind == kind)
        #expect(highlight.page == page)
        #expect(highlight.location == location)
        #expect(highlight.addedAt == added)
        #expect(highlight.text == "Some words.")
    }

    @Test("what cannot be read is named by its line; the rest is kept")
    func problems() {
        let file = """
            \u{FEFF}Good (Writer)
            - Your Highlight on page 1 | Location 1-2 | Added on Monday, 1 January 2024 10:00:00

            Kept.
            ==========
            Odd (Writer)
            - Article saved at location 5 | Added on Monday, 1 January 2024 10:00:00

            Not a clipping kind.
            ==========
            Broken (Writer)
            no dash line here
            ==========
            Empty (Writer)
            - Your Highlight on page 2 | Location 3-4 | Added on Monday, 1 January 2024 10:00:00


            ==========
            """
        let (highlights, problems) = KindleClippings.parse(file)
        #expect(highlights.map(\.title) == ["Good"])
        #expect(problems.map(\.line) == [7, 12])
        #expect(KindleClippings.looks(like: Substring(file)))
        #expect(!KindleClippings.looks(like: "Title,Author,ISBN\nA,B,C\n"))
    }
}
