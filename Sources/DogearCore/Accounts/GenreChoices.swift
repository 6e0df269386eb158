/// The genres a new reader is offered on the first-run page (any other can be typed). They seed the
/// reader's genre preferences, which discovery starts from.
public enum GenreChoices {
    public static let starters = [
        "Fantasy", "Science fiction", "Mystery", "Thriller", "Romance", "Historical fiction", "Literary fiction",
        "Horror", "Young adult", "Children's", "Graphic novels", "Poetry", "Classics", "Biography", "Memoir",
        "History", "Science", "Nature", "Philosophy", "Self-help",
    ]

    /// The ticked starters and the typed others ("Cosy crime, Essays"), as one list in that order:
    /// blanks dropped, the same genre twice (in any case) kept once. Limits are checked where the
    /// preferences are saved.
    public static func merge(ticked: [String], typed: String) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for raw in ticked + typed.split(separator: ",").map(String.init) {
            let genre = raw.trimmed
            guard !genre.isEmpty, seen.insert(genre.lowercased()).inserted else { continue }
            result.append(genre)
        }
        return result
    }
}
