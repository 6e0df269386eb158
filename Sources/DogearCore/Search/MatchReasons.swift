import Foundation

/// Why a search result matched ("matched in notes: '…the lighthouse…'"): which fields hold
/// a word starting with one of the query's words, with a short passage around the first hit.
public enum SearchField: String, Codable, CaseIterable, Sendable {
    case title, author, isbn, tag, note, quote
}

public struct SearchMatch: Equatable, Sendable, Codable {
    public let field: SearchField
    public let snippet: String

    public init(field: SearchField, snippet: String) {
        self.field = field
        self.snippet = snippet
    }
}

public enum MatchReasons {
    /// Words of context on each side of the hit in a snippet.
    static let context = 6

    /// `fields` holds each field's texts (one per note, quote, tag or author) in the order to report.
    public static func find(_ terms: SearchTerms, in fields: [(SearchField, [String])]) -> [SearchMatch] {
        guard !terms.isEmpty else { return [] }
        var matches: [SearchMatch] = []
        for (field, texts) in fields {
            for text in texts {
                if let snippet = snippet(of: text, for: terms, field: field) {
                    matches.append(SearchMatch(field: field, snippet: snippet))
                    break
                }
            }
        }
        return matches
    }

    /// Whether `word` (a folded search word) begins a word of any of these texts, as the index's
    /// prefix match finds it: a search by several words asks the index for one of them and checks
    /// the others this way on each candidate's own texts (`LibrarySearchQuery`).
    public static func contains(_ word: String, in fields: [(SearchField, [String])]) -> Bool {
        fields.contains { field, texts in
            texts.contains { text in
                if field == .isbn { return text.lowercased().filter { $0.isNumber || $0 == "x" }.hasPrefix(word) }
                return SearchText.words(in: SearchText.fold(text)).contains { $0.hasPrefix(word) }
            }
        }
    }

    static func snippet(of text: String, for terms: SearchTerms, field: SearchField) -> String? {
        if field == .isbn {
            let digits = text.lowercased().filter { $0.isNumber || $0 == "x" }
            return terms.words.contains(where: { digits.hasPrefix($0) }) ? text : nil
        }
        // Most texts do not match: one fold of the whole text rules them out before any word is mapped.
        let hasHit = SearchText.words(in: SearchText.fold(text)).contains { word in terms.words.contains { word.hasPrefix($0) } }
        guard hasHit else { return nil }
        // Split keeping the original words for display, folded copies for comparison.
        let original = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !original.isEmpty else { return nil }
        let folded = original.map { SearchText.words(in: SearchText.fold($0)) }
        guard
            let hit = folded.firstIndex(where: { parts in
                parts.contains { part in terms.words.contains { part.hasPrefix($0) } }
            })
        else { return nil }
        if field != .note && field != .quote { return text }
        let start = max(0, hit - context)
        let end = min(original.count, hit + context + 1)
        let passage = original[start..<end].joined(separator: " ")
        return (start > 0 ? "…" : "") + passage + (end < original.count ? "…" : "")
    }
}
