import Testing

@testable import DogearCore

@Suite("Search terms and match reasons")
struct SearchTextTests {
    @Test("words are folded: case and diacritics do not matter")
    func folding() {
        #expect(SearchTerms("García Márquez").words == ["garcia", "marquez"])
        #expect(SearchTerms("ÉCOLE").words == ["ecole"])
    }

    @Test("an ISBN with hyphens or spaces is one word")
    func isbn() {
        #expect(SearchTerms("978-0-14-032872-1").words == ["9780140328721"])
        #expect(SearchTerms("0 14 032872 X").words == ["014032872x"])
        #expect(SearchTerms("1984").words == ["1984"])
    }

    @Test(
        "query syntax and odd input are only separators",
        arguments: [
            "\"unterminated", "light*", "a NEAR b", "-negated", "title:piranesi", "((()))", "🙂📚", "\u{0}\u{1}",
            "'; DROP TABLE x; --",
        ])
    func oddInput(_ query: String) {
        let words = SearchTerms(query).words
        #expect(words.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber } })
    }

    @Test("long queries are cut to a few words of bounded length")
    func long() {
        let terms = SearchTerms(String(repeating: "abcdefghij ", count: 1_000) + String(repeating: "z", count: 500))
        #expect(terms.words.count <= SearchTerms.maxTerms)
        #expect(terms.words.allSatisfy { $0.count <= SearchTerms.maxTermLength })
        #expect(SearchTerms("!!! ... ???").isEmpty)
    }

    @Test("reasons name each field that holds a word starting with a query word, with the passage")
    func reasons() {
        let terms = SearchTerms("lightho")
        let matches = MatchReasons.find(
            terms,
            in: [
                (.title, ["To the Lighthouse"]),
                (.author, ["Virginia Woolf"]),
                (
                    .note,
                    [
                        "A short note.",
                        "We walked for hours along the cliffs until at last the lighthouse came into view over the dunes at dusk",
                    ]
                ),
                (.quote, ["Nothing here"]),
            ])
        #expect(matches.map(\.field) == [.title, .note])
        #expect(matches[0].snippet == "To the Lighthouse")
        #expect(matches[1].snippet == "…the cliffs until at last the lighthouse came into view over the dunes…")
    }

    @Test("diacritics in the text match a plain query, and the snippet keeps the accents")
    func diacritics() {
        let matches = MatchReasons.find(SearchTerms("garcia"), in: [(.author, ["Gabriel García Márquez"])])
        #expect(matches == [SearchMatch(field: .author, snippet: "Gabriel García Márquez")])
    }

    @Test("ISBN prefixes match the ISBN field")
    func isbnReason() {
        let matches = MatchReasons.find(SearchTerms("978-0-14"), in: [(.isbn, ["9780140328721"])])
        #expect(matches == [SearchMatch(field: .isbn, snippet: "9780140328721")])
    }

    static let probes: [(word: String, fields: [(SearchField, [String])], contains: Bool)] = [
        ("garden", [(.title, ["The Winter Garden"])], true),
        ("gard", [(.title, ["The Winter Garden"])], true),
        ("arden", [(.title, ["The Winter Garden"])], false),
        ("garcia", [(.author, ["Gabriel García Márquez"])], true),
        ("marquez", [(.title, ["Tides"]), (.author, ["Ann", "Gabriel García Márquez"])], true),
        ("brien", [(.author, ["Flann O'Brien"])], true),
        ("kitchen", [(.note, ["by the ferry", "the kitchen/garden door"])], true),
        ("kitchen", [(.note, ["by the ferry"]), (.quote, [])], false),
        ("978014", [(.isbn, ["9780140328721", "0140328726"])], true),
        ("014032", [(.isbn, ["9780140328721", "0140328726"])], true),
        ("978015", [(.isbn, ["9780140328721"])], false),
        ("burn", [(.tag, ["Slow Burn", "Book Club"])], true),
        ("東京", [(.title, ["東京の本"])], true),
        ("x", [], false),
    ]

    @Test(
        "a word a candidate is checked for: it begins a word of some field, as the index's prefix match",
        arguments: 0..<probes.count)
    func contains(_ index: Int) {
        let probe = Self.probes[index]
        #expect(MatchReasons.contains(probe.word, in: probe.fields) == probe.contains)
    }
    /// ASCII text is split by its bytes (the fast way); every ASCII character must split there as
    /// the Unicode way splits it: letters and digits joined, everything else a separator ("\r\n"
    /// included, one Character of two bytes).
    @Test("ASCII text splits into the same words by its bytes as by its characters")
    func asciiWordsAsCharacters() {
        var generator = SystemRandomNumberGenerator()
        let every = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in every.randomElement(using: &generator)! }
                .joined()
            let byCharacter = text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
            #expect(SearchText.words(in: text) == byCharacter, "\(Array(text.utf8))")
        }
        #expect(SearchText.words(in: "Tides\r\nand 42nd, Harbour_light") == ["Tides", "and", "42nd", "Harbour", "light"])
        // Not ASCII: the Unicode way, accents kept as letters.
        #expect(SearchText.words(in: "García—Márquez") == ["García", "Márquez"])
    }
}
