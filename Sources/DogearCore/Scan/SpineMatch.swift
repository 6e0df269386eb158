import Foundation

/// How well a catalog book matches what OCR read on a spine, 0 to 1, for ranking a spine's
/// candidates. OCR drops and swaps letters ("Sirce" for "Circe", "Pachink"), so a word counts when
/// it is one edit from a word of the title or an author (for words of five letters or more), or the
/// start of one; a match covers the title's words more than the author's.
public enum SpineMatch {
    /// A spine's best candidate is chosen for the reader only from this score up: most of the title's
    /// words (six in seven with no author, or half with the author's names). Below it the reader
    /// picks: "THE NAME OF THE WIND" matches *The Wide Window* at 0.47 ("the" and "wind…").
    public static let preselectFrom = 0.6

    public static func score(read: String, title: String, authors: [String]) -> Double {
        let readWords = words(read)
        let titleWords = words(title)
        let authorWords = authors.flatMap(words)
        guard !readWords.isEmpty, !titleWords.isEmpty else { return 0 }
        let titleFound = titleWords.filter { word in readWords.contains { close($0, word) } }.count
        let authorFound = authorWords.filter { word in readWords.contains { close($0, word) } }.count
        let titleShare = Double(titleFound) / Double(titleWords.count)
        let authorShare = authorWords.isEmpty ? 0 : Double(authorFound) / Double(authorWords.count)
        return 0.7 * titleShare + 0.3 * authorShare
    }

    /// The words worth matching: letters and digits, lowercased, two characters or more.
    public static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count >= 2 }
    }

    static func close(_ read: String, _ word: String) -> Bool {
        if read == word { return true }
        // A word cut off at the spine's edge, or by a speck: its start, four letters or more.
        if read.count >= 4, word.hasPrefix(read) || read.hasPrefix(word) && word.count >= 4 { return true }
        guard read.count >= 5 || word.count >= 5 else { return false }
        return editDistance(Array(read), Array(word), atMost: 1) <= 1
    }

    /// Levenshtein distance, given up once it passes `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
