import Testing

@testable import DogearCore

@Suite("Near spellings for a search that found nothing")
struct NearSpellingsTests {
    static let names = [
        "J. R. R. Tolkien", "The Hobbit", "Ursula K. Le Guin", "The Left Hand of Darkness", "Gabriel García Márquez",
    ]

    @Test(
        "a slip per word finds the title or author, with the corrected words to search",
        arguments: [
            ("tolkein", "J. R. R. Tolkien", "Tolkien"),
            ("hobit", "The Hobbit", "Hobbit"),
            ("le gin", "Ursula K. Le Guin", "Le Guin"),
            ("garcia marqez", "Gabriel García Márquez", "García Márquez"),
            ("LEFT HADN", "The Left Hand of Darkness", "Left Hand"),
        ])
    func finds(_ typed: String, _ label: String, _ query: String) {
        let first = NearSpellings.suggestions(for: typed, among: Self.names).first
        #expect(first == .init(label: label, query: query))
    }

    @Test("nothing near, nothing exact, too many words: no suggestion")
    func none() {
        #expect(NearSpellings.suggestions(for: "dune", among: Self.names).isEmpty)
        #expect(NearSpellings.suggestions(for: "hobbit", among: Self.names).isEmpty)
        #expect(NearSpellings.suggestions(for: "", among: Self.names).isEmpty)
        #expect(NearSpellings.suggestions(for: "tolkin", among: ["Tolkien", "Tolkien"]).count == 1)
        #expect(NearSpellings.editDistance("abcdef", "ghijkl", limit: 2) == 3)
        #expect(NearSpellings.editDistance("tolkein", "tolkien", limit: 2) == 1)
    }
}
