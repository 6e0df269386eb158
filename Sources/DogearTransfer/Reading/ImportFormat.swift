import Foundation

/// The exports Dogear reads, told apart by their header row (highlights files by their opening,
/// `HighlightsFile.detect`), never by the file name.
public enum ImportFormat: String, Codable, CaseIterable, Sendable {
    case goodreads, storyGraph, libraryThing, bookWyrm, hardcover
    /// Dogear's own JSON backup.
    case dogearBackup
    /// E-readers' highlights (`HighlightsFile`): Kindle's `My Clippings.txt`, KOReader's JSON or
    /// Markdown export. Quotes for books the reader has, not library rows.
    case kindleClippings, koreaderHighlights

    public var isHighlights: Bool { self == .kindleClippings || self == .koreaderHighlights }

    /// Columns that only this format's header has.
    static let signatures: [(ImportFormat, Set<String>)] = [
        (.goodreads, ["Book Id", "Exclusive Shelf", "My Rating", "Bookshelves"]),
        // A StoryGraph file re-saved by a spreadsheet may keep only its first columns.
        (.storyGraph, ["ISBN/UID", "Read Status"]),
        (.libraryThing, ["Book ID", "Primary Author", "Collections", "ISBNs"]),
        (.bookWyrm, ["title", "author_text", "remote_id", "shelf"]),
        (.hardcover, ["Title", "Status", "Hardcover Book ID"]),
    ]

    public static func detect(header: [String]) -> ImportFormat? {
        // Case-insensitive: LibraryThing's TSV says "Book Id" where its CSV says "Book ID".
        let columns = Set(header.map { $0.trimmed.lowercased() })
        return signatures.first { Set($0.1.map { $0.lowercased() }).isSubset(of: columns) }?.0
    }
}

/// Why a file could not be read at all (a single bad row is an `ImportRowError` instead).
public enum ImportFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case unrecognisedFormat(seen: [String])
    case unreadable(String)

    public var description: String {
        switch self {
        case .empty:
            return "the file is empty"
        case .unrecognisedFormat(let seen):
            let shown = seen.prefix(6).map { "'\($0)'" }.joined(separator: ", ")
            return "unrecognised format: the first row has \(shown)\(seen.count > 6 ? ", …" : ""); "
                + "expected a Goodreads, StoryGraph, LibraryThing, BookWyrm or Hardcover export, a Dogear backup, "
                + "Kindle's My Clippings.txt or a KOReader highlights export"
        case .unreadable(let reason):
            return "the file could not be read: \(reason)"
        }
    }
}
