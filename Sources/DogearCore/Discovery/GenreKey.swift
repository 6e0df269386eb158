import Foundation

/// A genre as discovery counts it. Readers, imports, Open Library subjects and Google Books
/// categories name one genre many ways ("Science Fiction", "science-fiction", "Sci-Fi", Google's
/// "Fiction / Science Fiction / General", Open Library's "Fantasy fiction"); each becomes the same
/// key, so their scores add up.
public struct GenreKey: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Lower-case words joined by "-": "science-fiction".
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static func < (a: GenreKey, b: GenreKey) -> Bool { a.rawValue < b.rawValue }

    /// How the genre reads on a card: "Science fiction".
    public var label: String {
        let words = rawValue.replacingOccurrences(of: "-", with: " ")
        if let known = Self.labels[words] { return known }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The genres one stored name stands for: a category path gives each of its parts ("Fiction /
    /// Fantasy / Epic" → fiction, fantasy, epic), filler parts ("General") give none.
    public static func keys(from name: String) -> [GenreKey] {
        let lowered = name.lowercased().replacingOccurrences(of: "&", with: " and ")
        var keys: [GenreKey] = []
        for part in lowered.split(whereSeparator: { "/,;>|".contains($0) }) {
            let words = part.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            let phrase = words.joined(separator: " ")
            guard !phrase.isEmpty, !fillers.contains(phrase) else { continue }
            let key = GenreKey(rawValue: canonical(phrase).replacingOccurrences(of: " ", with: "-"))
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// Every genre of a work, each once, in the order first named.
    public static func keys(of names: [String]) -> [GenreKey] {
        var keys: [GenreKey] = []
        for name in names { for key in Self.keys(from: name) where !keys.contains(key) { keys.append(key) } }
        return keys
    }

    /// A phrase in lower-case words, said the one way discovery keeps.
    static func canonical(_ phrase: String) -> String {
        if let same = synonyms[phrase] { return same }
        if labels[phrase] != nil { return phrase }
        // "fantasy fiction", "horror fiction": the genre word says it; "science fiction" and
        // "historical fiction" are genres of their own and sit in the table above.
        if phrase.hasSuffix(" fiction") {
            let genre = String(phrase.dropLast(" fiction".count))
            if let same = synonyms[genre] { return same }
            if labels[genre] != nil { return genre }
        }
        // A plural of a known genre: "thrillers", "westerns".
        if phrase.hasSuffix("s"), labels[String(phrase.dropLast())] != nil { return String(phrase.dropLast()) }
        return phrase
    }

    /// Parts of a category path that name no genre.
    /// Open Library's subjects also say how a book is lent or printed; those are no genre.
    static let fillers: Set<String> = [
        "general", "other", "miscellaneous", "etc", "and", "fiction and literature", "accessible book", "protected daisy",
        "in library", "large type books", "lending library", "open library staff picks", "overdrive",
        "reading level grade 7", "reading level grade 8", "new york times bestseller", "nyt", "award winner",
    ]

    /// Other ways of saying a genre, after lower-casing and dropping punctuation.
    static let synonyms: [String: String] = [
        "sci fi": "science fiction", "scifi": "science fiction", "sf": "science fiction",
        "science fiction and fantasy": "science fiction", "speculative fiction": "science fiction",
        "fantasy and magic": "fantasy", "fantastic fiction": "fantasy",
        "mysteries": "mystery", "detective and mystery stories": "mystery", "mystery and detective stories": "mystery",
        "mystery and detective": "mystery", "detective": "mystery", "whodunit": "mystery",
        "thriller and suspense": "thriller", "suspense": "thriller", "thrillers and suspense": "thriller",
        "love stories": "romance", "romances": "romance", "romantic fiction": "romance",
        "horror tales": "horror", "horror stories": "horror", "ghost stories": "horror",
        "ya": "young adult", "young adult fiction": "young adult", "teen": "young adult", "teens": "young adult",
        "juvenile fiction": "childrens", "children s": "childrens", "children s books": "childrens",
        "children s fiction": "childrens", "children s stories": "childrens", "kids": "childrens", "juvenile": "childrens",
        "comics": "graphic novels", "comics and graphic novels": "graphic novels", "graphic novel": "graphic novels",
        "comic books strips etc": "graphic novels", "manga": "graphic novels",
        "biography and autobiography": "biography", "biographies": "biography", "autobiography": "biography",
        "memoirs": "memoir", "poems": "poetry", "classic literature": "classics", "classic": "classics",
        "literary": "literary fiction", "literature": "literary fiction",
        "non fiction": "nonfiction", "historical": "historical fiction", "historical novels": "historical fiction",
        "essays": "essay",
    ]

    /// Labels of the genres discovery knows by name, by their words (other genres are their own
    /// words, capitalised).
    static let labels: [String: String] = [
        "fantasy": "Fantasy", "science fiction": "Science fiction", "mystery": "Mystery", "thriller": "Thriller",
        "romance": "Romance", "horror": "Horror", "young adult": "Young adult", "childrens": "Children's",
        "graphic novels": "Graphic novels", "biography": "Biography", "memoir": "Memoir", "poetry": "Poetry",
        "classics": "Classics", "literary fiction": "Literary fiction", "historical fiction": "Historical fiction",
        "history": "History", "science": "Science", "nature": "Nature", "philosophy": "Philosophy", "self help": "Self-help",
        "nonfiction": "Nonfiction", "fiction": "Fiction", "adventure": "Adventure", "western": "Western",
        "crime": "Crime", "humor": "Humor", "essay": "Essays", "dystopia": "Dystopia",
    ]
}
