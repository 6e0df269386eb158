import Testing

@testable import DogearCore

@Suite("Matching an e-reader's book to the reader's books")
struct DeviceBookMatchTests {
    typealias Candidate = DeviceBookMatch.Candidate

    static let library: [Candidate] = [
        Candidate(
            title: "How to Talk to Anyone", subtitle: "92 Little Tricks for Big Success in Relationships",
            authors: ["Leil Lowndes"]),
        Candidate(title: "Gideon the Ninth", authors: ["Tamsyn Muir"]),
        Candidate(title: "The Left Hand of Darkness", authors: ["Ursula K. Le Guin"]),
        Candidate(title: "Der Joker", authors: ["Markus Zusak"]),
        Candidate(title: "Dune", authors: ["Frank Herbert"]),
        Candidate(title: "Dune Messiah", authors: ["Frank Herbert"]),
        Candidate(title: "Persuasion", authors: ["Jane Austen"]),
        Candidate(title: "Persuasion", authors: ["Robert Cialdini"]),
        Candidate(title: "Ficciones", authors: ["Jorge Luis Borges"]),
    ]

    @Test(
        "titles with subtitles and series suffixes, authors as Last, First or several, accents and case",
        arguments: [
            ("How to Talk to Anyone: 92 Little Tricks for Big Success in Relationships", "Lowndes, Leil", 0),
            ("How to Talk to Anyone", "Leil Lowndes", 0),
            ("Gideon the Ninth (The Locked Tomb Book 1)", "Muir, Tamsyn", 1),
            ("Gideon the Ninth [Kindle Edition]", nil, 1),
            ("THE LEFT HAND OF DARKNESS", "Le Guin, Ursula K.", 2),
            ("Der Joker", "Zusak, Markus", 3),
            ("Dune", "Frank Herbert", 4),
            ("Dune Messiah", "Herbert, Frank", 5),
            ("Persuasion", "Jane Austen; Someone Else", 6),
            ("Persuasion (Penguin Classics)", "Austen, Jane", 6),
            ("Ficciónes", "Jorge Luis Borges", 8),
        ] as [(String, String?, Int)])
    func matches(_ title: String, _ author: String?, _ expected: Int) {
        #expect(DeviceBookMatch.best(title: title, author: author, among: Self.library) == expected)
    }

    @Test(
        "a book the reader does not have, another author's book of the same title, or two alike: no match",
        arguments: [
            ("Piranesi", "Susanna Clarke"),
            ("Persuasion", nil),
            ("The Left Hand of Darkness", "Tolkien, J. R. R."),
            ("Talk", "Lowndes, Leil"),
        ] as [(String, String?)])
    func noMatch(_ title: String, _ author: String?) {
        #expect(DeviceBookMatch.best(title: title, author: author, among: Self.library) == nil)
    }

    @Test("a whole title wins over one that matches only without its brackets: Dune, not Dune (Deluxe Edition)")
    func wholeTitleWins() {
        let library = [
            Candidate(title: "Dune (Deluxe Edition)", authors: ["Frank Herbert"]),
            Candidate(title: "Dune", authors: ["Frank Herbert"]),
        ]
        #expect(DeviceBookMatch.best(title: "Dune", author: "Herbert, Frank", among: library) == 1)
        #expect(DeviceBookMatch.best(title: "Dune (Deluxe Edition)", author: nil, among: library) == 0)
    }

    @Test("title keys: whole, without a series suffix, without a subtitle")
    func keys() {
        #expect(
            DeviceBookMatch.titleKeys("Gideon the Ninth: A Novel (The Locked Tomb, #1)") == [
                "gideon the ninth a novel the locked tomb 1", "gideon the ninth a novel", "gideon the ninth",
            ])
        #expect(DeviceBookMatch.titleKeys("(1984)") == ["1984"])
    }
}
