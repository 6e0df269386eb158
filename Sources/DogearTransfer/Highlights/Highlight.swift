import DogearCore
import Foundation

/// A passage a reader marked in an e-reader, or a note or bookmark they left, as an export gives
/// it: the book as the device names it, where in the book, when, and the text.
public struct Highlight: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case highlight, note, bookmark
    }

    public var kind: Kind
    /// The book's title as the device wrote it, its author's name apart.
    public var title: String
    public var author: String?
    public var page: Int?
    /// Kindle's locations (a highlight spans a range; a note or bookmark is at one).
    public var location: ClosedRange<Int>?
    public var addedAt: Date?
    public var text: String
    /// The reader's note on this highlight, when the device keeps it with the highlight (KOReader).
    public var note: String?
    /// Where the clipping starts in the file, counted from 1 (for JSON, the entry's number).
    public var line: Int

    public init(
        kind: Kind, title: String, author: String?, page: Int? = nil, location: ClosedRange<Int>? = nil,
        addedAt: Date? = nil, text: String, note: String? = nil, line: Int
    ) {
        self.kind = kind
        self.title = title
        self.author = author
        self.page = page
        self.location = location
        self.addedAt = addedAt
        self.text = text
        self.note = note
        self.line = line
    }
}

extension Highlight {
    /// Whether two texts are one highlight as it was made and later extended (or shrunk): the
    /// one's words hold the other's, case, accents and punctuation aside.
    public static func sameHighlight(_ one: String, _ other: String) -> Bool {
        // Padded, so "the" is not found inside "other": whole words only.
        let (a, b) = (" " + fold(one) + " ", " " + fold(other) + " ")
        return a.contains(b) || b.contains(a)
    }

    static func fold(_ text: String) -> String {
        SearchText.words(in: SearchText.fold(text)).joined(separator: " ")
    }
}

/// A clipping that could not be read, with its line and what was wrong.
public struct HighlightProblem: Error, Sendable, Equatable {
    public var line: Int
    public var message: String
    /// The clipping came in all the same, less what the message names (a note over the limit).
    public var isWarning: Bool

    public init(line: Int, message: String, isWarning: Bool = false) {
        self.line = line
        self.message = message
        self.isWarning = isWarning
    }
}
