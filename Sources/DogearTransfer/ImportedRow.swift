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
    public var notes: [String] = []
    public var kept: [String: String] = [:]
    /// The file's own word for the status (shelf, read status, collections), for the dry run's mapping.
    public var sourceStatus: String?
    /// Things read but doubtful (an ISBN in scientific notation, say): the row is still imported.
    public var warnings: [String] = []

    public init(line: Int) {
        self.line = line
    }
}

/// A row that cannot become an entry, with its line and the reason.
public struct ImportRowError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let reason: String

    public var description: String { "line \(line): \(reason)" }
}
