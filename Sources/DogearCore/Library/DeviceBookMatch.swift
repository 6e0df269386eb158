/// Which of a reader's books an e-reader's book is, from the title and author the device wrote
/// ("How to Talk to Anyone: 92 Little Tricks…" by "Lowndes, Leil"; "Gideon the Ninth (The Locked
/// Tomb Book 1)"): titles compare folded (case, accents, punctuation), with or without a subtitle
/// and a series suffix; authors by the last word of any of the book's authors appearing in what
/// the device wrote ("Le Guin, Ursula K." holds "guin"), so "Last, First" and several authors work.
public enum DeviceBookMatch {
    public struct Candidate: Sendable, Equatable {
        public var title: String
        public var subtitle: String?
        public var authors: [String]

        public init(title: String, subtitle: String? = nil, authors: [String]) {
            self.title = title
            self.subtitle = subtitle
            self.authors = authors
        }
    }

    /// The index of the candidate the device's book is, or nil when none is or several are alike.
    /// A candidate whose whole title matches wins over ones that match only without a subtitle.
    public static func best(title: String, author: String?, among candidates: [Candidate]) -> Int? {
        let deviceKeys = titleKeys(title)
        guard let whole = deviceKeys.first else { return nil }
        let authorWords = Set(SearchText.words(in: SearchText.fold(author ?? "")))
        var exact: [Int] = []
        var loose: [Int] = []
        for (index, candidate) in candidates.enumerated() {
            guard authorsAgree(authorWords, candidate.authors) else { continue }
            let keys = titleKeys(candidate.title) + (candidate.subtitle.map { titleKeys(candidate.title + ": " + $0) } ?? [])
            if keys.contains(whole) || keys.first == whole {
                exact.append(index)
            } else if !Set(keys).isDisjoint(with: deviceKeys) {
                loose.append(index)
            }
        }
        if exact.count == 1 { return exact[0] }
        if exact.isEmpty, loose.count == 1 { return loose[0] }
        return nil
    }

    /// The title folded whole, then without its series suffix, without its subtitle.
    public static func titleKeys(_ title: String) -> [String] {
        var keys: [String] = []
        func add(_ text: Substring) {
            let key = SearchText.words(in: SearchText.fold(String(text))).joined(separator: " ")
            if !key.isEmpty, !keys.contains(key) { keys.append(key) }
        }
        add(Substring(title))
        var base = Substring(title)
        // A trailing "(…)" or "[…]" is a series or an edition: "(The Locked Tomb Book 1)".
        while let last = base.last, last == ")" || last == "]",
            let open = base.lastIndex(of: last == ")" ? "(" : "["), open > base.startIndex
        {
            base = base[..<open]
            add(base)
        }
        for separator in [":", " - ", " – ", " — "] {
            if let range = base.range(of: separator), range.lowerBound > base.startIndex {
                add(base[..<range.lowerBound])
            }
        }
        return keys
    }

    /// Whether the device's author words name one of the book's authors (by their last word).
    /// With no author on either side, the title alone decides.
    static func authorsAgree(_ deviceWords: Set<String>, _ authors: [String]) -> Bool {
        guard !deviceWords.isEmpty, !authors.isEmpty else { return true }
        return authors.contains { name in
            SearchText.words(in: SearchText.fold(name)).last.map(deviceWords.contains) ?? false
        }
    }
}
