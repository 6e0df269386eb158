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

    /// A reader's books made ready to match many of a file's books: each title's keys worked out
    /// once, and the books found by key, so a file of a thousand books against a library of ten
    /// thousand compares keys, not every pair.
    public struct Library: Sendable {
        let candidates: [Candidate]
        /// Each book's whole title folded, with its subtitle too when it has one.
        let wholes: [[String]]
        let byKey: [String: [Int]]

        public init(_ candidates: [Candidate]) {
            self.candidates = candidates
            var wholes: [[String]] = []
            var byKey: [String: [Int]] = [:]
            for (index, candidate) in candidates.enumerated() {
                var own = DeviceBookMatch.titleKeys(candidate.title)
                var whole = Array(own.prefix(1))
                if let subtitle = candidate.subtitle {
                    let withSubtitle = DeviceBookMatch.titleKeys(candidate.title + ": " + subtitle)
                    whole += withSubtitle.prefix(1)
                    for key in withSubtitle where !own.contains(key) { own.append(key) }
                }
                wholes.append(whole)
                for key in own { byKey[key, default: []].append(index) }
            }
            self.wholes = wholes
            self.byKey = byKey
        }

        /// The index of the candidate the device's book is, or nil when none is or several are
        /// alike. One whose titles include the device's whole title wins over ones that match
        /// only without a subtitle or a series.
        public func best(title: String, author: String?) -> Int? {
            let deviceKeys = DeviceBookMatch.titleKeys(title)
            guard let whole = deviceKeys.first else { return nil }
            let authorWords = Set(SearchText.words(in: SearchText.fold(author ?? "")))
            var seen = Set<Int>()
            var exact: [Int] = []
            var loose: [Int] = []
            for key in deviceKeys {
                for index in byKey[key] ?? [] where seen.insert(index).inserted {
                    guard DeviceBookMatch.authorsAgree(authorWords, candidates[index].authors) else { continue }
                    if wholes[index].contains(whole) { exact.append(index) } else { loose.append(index) }
                }
            }
            if exact.count == 1 { return exact[0] }
            if exact.isEmpty, loose.count == 1 { return loose[0] }
            return nil
        }
    }

    /// One device book against a few candidates (`Library` for many).
    public static func best(title: String, author: String?, among candidates: [Candidate]) -> Int? {
        Library(candidates).best(title: title, author: author)
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
