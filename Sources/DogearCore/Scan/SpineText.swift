import Foundation

/// What Tesseract read off a spine, made into a catalog search: letters and digits kept, case
/// folded, runs of noise dropped. Nil when too little is left to search by (a spine of symbols,
/// a blur read as "|||").
public enum SpineText {
    public static func query(from ocr: String) -> String? {
        var words: [String] = []
        for raw in ocr.split(whereSeparator: { $0.isWhitespace || $0 == "|" || $0 == "/" || $0 == "\\" }) {
            let word = String(raw.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "'" })
                .trimmingCharacters(in: CharacterSet(charactersIn: "'")).lowercased()
            // A one-letter "word" that is not a real one is a speck the reader saw.
            guard word.count >= 2 || ["a", "i"].contains(word) || word.allSatisfy(\.isNumber) && !word.isEmpty else { continue }
            words.append(word)
        }
        let letters = words.joined().filter(\.isLetter).count
        guard letters >= 4 else { return nil }
        return words.joined(separator: " ")
    }
}
