import Foundation

/// How library search reads what people type, the same on both databases: words are
/// letters and digits, compared without case or diacritics ("Garcia" finds "García"), each word a
/// prefix ("lightho" finds "Lighthouse"), all words required. Anything else typed (quotes, `*`,
/// `NEAR`, `-`, `:`, emoji) is treated as a separator, never as query syntax.
public struct SearchTerms: Equatable, Sendable {
    /// Folded words, each matched as a prefix; at most `maxTerms`.
    public let words: [String]

    public static let maxTerms = 8
    public static let maxTermLength = 64
    public static let maxQueryLength = 500

    public var isEmpty: Bool { words.isEmpty }

    public init(_ query: String) {
        let text = String(query.prefix(Self.maxQueryLength))
        // An ISBN typed with hyphens or spaces is one word: "978-0-14-032872-1" → "9780140328721".
        let compact = text.filter { !"- \t".contains($0) }
        if compact.count >= 4, compact.allSatisfy({ $0.isASCIIDigitOrX }), compact.contains(where: \.isNumber) {
            words = [compact.lowercased()]
            return
        }
        var seen = Set<String>()
        words = SearchText.words(in: SearchText.fold(text))
            .map { String($0.prefix(Self.maxTermLength)) }
            .filter { seen.insert($0).inserted }
            .prefix(Self.maxTerms)
            .map { $0 }
    }

    public init(words: [String]) {
        self.words = words
    }
}

public enum SearchText {
    /// Lower case, diacritics removed, so "García" and "garcia" compare equal.
    public static func fold(_ text: String) -> String {
        // Most text is ASCII, where folding is lower-casing; Foundation's folding is far slower and
        // runs for every word of every result's notes.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).lowercased()
    }

    /// Runs of letters and digits.
    public static func words(in text: String) -> [String] {
        // ASCII text (most of it) is split by its bytes: there a letter or digit is one byte, and
        // asking each Character for its Unicode properties was a search page's costliest step.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.split(whereSeparator: { !isASCIILetterOrDigit($0) }).map { String(decoding: $0, as: UTF8.self) }
        }
        return text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}

extension Character {
    var isASCIIDigitOrX: Bool { isASCIIDigit || self == "X" || self == "x" }
}
