/// What a search that found nothing may have meant: the titles and authors of the reader's books
/// whose words are each a slip away from a word typed ("tolkein" → Tolkien, "hobit" → The Hobbit).
///
/// A slip is one edit for a word of up to four letters and two for a longer one, counting a swap of
/// two neighbouring letters as one edit ("ei" for "ie"), as spelling checkers do. Words compare
/// folded (case and accents aside). The closest names come first; a tie keeps the given order.
public enum NearSpellings {
    public struct Suggestion: Equatable, Sendable {
        /// The title or author as the library has it, to show.
        public let label: String
        /// What to search for instead: the typed words with each slip corrected.
        public let query: String
    }

    public static func suggestions(for query: String, among names: [String], limit: Int = 3) -> [Suggestion] {
        let typed = SearchText.words(in: query).map(SearchText.fold)
        guard !typed.isEmpty, typed.count <= 6 else { return [] }
        var found: [(distance: Int, order: Int, suggestion: Suggestion)] = []
        var seen = Set<String>()
        for (order, name) in names.enumerated() {
            let original = SearchText.words(in: name)
            let folded = original.map(SearchText.fold)
            var total = 0
            var corrected: [String] = []
            for word in typed {
                var best: (distance: Int, index: Int)?
                for (index, candidate) in folded.enumerated() {
                    let distance = editDistance(word, candidate, limit: allowance(word))
                    if distance <= allowance(word), distance < (best?.distance ?? .max) { best = (distance, index) }
                }
                guard let best else {
                    total = -1
                    break
                }
                total += best.distance
                corrected.append(original[best.index])
            }
            // Nothing to suggest when every word already matched as typed: the search would have found it.
            guard total > 0, seen.insert(name.lowercased()).inserted else { continue }
            found.append((total, order, Suggestion(label: name, query: corrected.joined(separator: " "))))
        }
        return found.sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }.prefix(limit).map(\.suggestion)
    }

    static func allowance(_ word: String) -> Int { word.count <= 4 ? 1 : 2 }

    /// Optimal string alignment distance (Levenshtein plus adjacent swaps), stopping early once every
    /// path is past `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a)
        let b = Array(b)
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                rowBest = min(rowBest, value)
            }
            if rowBest > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
