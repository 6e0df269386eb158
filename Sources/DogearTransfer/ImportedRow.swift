import DogearCore
import Foundation

/// One row of an export, mapped to Dogear's fields. Columns Dogear has no field for are kept in
/// `kept`, so nothing the reader had is dropped.
public struct ImportedRow: Sendable, Equatable {
    /// Row number in the file, the header being row 1, as a spreadsheet shows it.
    public var line: Int
    public var book = BookDraft()
    public var entry = EntryDraft()
    /// nil when the file leaves it blank (unknown, not zero).
    public var readCount: Int?
    /// Earlier read-throughs, oldest first, when the file lists several (StoryGraph's Dates Read).
    public var pastReads: [PastReadThrough] = []
    public var dateAdded: LocalDate?
    /// The exact moment added, when the file has it (a Dogear backup); else `dateAdded` is used.
    public var addedAt: Date?
    public var notes: [ImportedNote] = []
    public var quotes: [ImportedQuote] = []
    public var sessions: [ImportedSession] = []
    /// Where the reader is in the book, when the file says (a Dogear backup).
    public var position: ImportedPosition?
    /// This format's columns with no Dogear field.
    public var kept: [String: String] = [:]
    /// Other formats' kept columns carried by a backup, by format.
    public var keptByFormat: [String: [String: String]] = [:]
    /// The file's own word for the status (shelf, read status, collections), for the dry run's mapping.
    public var sourceStatus: String?
    /// The reader's own non-exclusive shelves (Goodreads' Bookshelves) as written: tags by default,
    /// or lists when the import is asked to make lists of them.
    public var shelves: [String] = []
    /// The reader's other editions of the book, as a Dogear backup lists them.
    public var otherEditions: [BackupEntry.OtherEdition] = []
    /// Things read but doubtful (an ISBN in scientific notation, say): the row is still imported.
    public var warnings: [String] = []

    public init(line: Int) {
        self.line = line
    }

    /// The notes and quotes a row brings, held to the limits of notes and quotes (a backup's edited
    /// by hand, say); two quotes of one device key are one too many: a row over them fails whole,
    /// naming the field, never cut.
    public func checkTexts() throws {
        for (index, note) in notes.enumerated() {
            _ = try Validate.text(note.content, field: "notes[\(index)].content", length: Limits.noteLength)
        }
        for (index, quote) in quotes.enumerated() {
            _ = try Validate.text(quote.text, field: "quotes[\(index)].text", length: Limits.quoteLength)
            if let note = quote.note {
                _ = try Validate.text(note, field: "quotes[\(index)].note", length: Limits.noteLength)
            }
            for (name, value, limit) in [
                ("location", quote.location, Limits.quoteLocationMaxLength),
                ("sourceKey", quote.sourceKey, Limits.quoteSourceKeyMaxLength),
            ]
            where (value?.count ?? 0) > limit {
                throw ValidationError(field: "quotes[\(index)].\(name)", "must be at most \(limit) characters")
            }
            if let key = quote.sourceKey, quotes[..<index].contains(where: { $0.sourceKey == key }) {
                throw ValidationError(field: "quotes[\(index)].sourceKey", "another quote of this entry has the same key")
            }
        }
    }
}

/// A note as imported: a review or a private note (text only), or a backup's note with its time.
public struct ImportedNote: Sendable, Equatable, Codable, ExpressibleByStringLiteral {
    public var content: String
    public var isDiscussion: Bool
    public var createdAt: Date?

    public init(content: String, isDiscussion: Bool = false, createdAt: Date? = nil) {
        self.content = content
        self.isDiscussion = isDiscussion
        self.createdAt = createdAt
    }

    public init(stringLiteral value: String) { self.init(content: value) }
}

public struct ImportedQuote: Sendable, Equatable, Codable {
    public var text: String
    public var page: Int?
    public var createdAt: Date?
    /// An e-reader's location ("1234" or "1234-1240", Kindle's), when it has one.
    public var location: String?
    /// The reader's note on the passage (a Kindle note at its location, KOReader's note).
    public var note: String?
    /// Which highlight of which device this is ("kindle|loc:1234", "koreader|1714440856", another
    /// highlight starting at a known place "kindle|loc:1234|its opening words"): the same
    /// highlight imported again finds itself, and a longer one at the same place replaces it. Kept in a backup; nil for quotes typed in Dogear.
    public var sourceKey: String?

    public init(
        text: String, page: Int? = nil, createdAt: Date? = nil, location: String? = nil, note: String? = nil,
        sourceKey: String? = nil
    ) {
        self.text = text
        self.page = page
        self.createdAt = createdAt
        self.location = location
        self.note = note
        self.sourceKey = sourceKey
    }
}

public struct ImportedSession: Sendable, Equatable, Codable {
    public var date: String
    public var minutes: Int
    public var pagesRead: Int?
    public var startPage: Int?
    public var endPage: Int?

    public init(date: String, minutes: Int, pagesRead: Int? = nil, startPage: Int? = nil, endPage: Int? = nil) {
        self.date = date
        self.minutes = minutes
        self.pagesRead = pagesRead
        self.startPage = startPage
        self.endPage = endPage
    }
}

public struct ImportedPosition: Sendable, Equatable, Codable {
    public var currentPage: Int?
    public var currentMinutes: Int?
    public var progress: Double
    public var totalMinutes: Int

    public init(currentPage: Int?, currentMinutes: Int?, progress: Double, totalMinutes: Int) {
        self.currentPage = currentPage
        self.currentMinutes = currentMinutes
        self.progress = progress
        self.totalMinutes = totalMinutes
    }
}

/// A row that cannot become an entry, with its line and the reason.
public struct ImportRowError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}
