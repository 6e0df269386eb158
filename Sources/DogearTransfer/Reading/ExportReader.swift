import CSV
import DogearCore
import Foundation

/// Reads an export row by row after detecting its format from the header (never the file name).
/// CSV, TSV and JSON all stream: a JSON file is read a member at a time (`JSONMemberReader`) and
/// each book or backup entry parsed alone, so a bad one fails its own row. UTF-8 with or without a byte order
/// mark, LF or CRLF line ends, quoted commas and quotes; a file that is not UTF-8 is decoded anyway
/// and says so in `warnings`.
public final class ExportReader {
    public let format: ImportFormat
    public let header: [String]
    /// Things about the whole file a reader should know (its encoding was repaired, say).
    public let warnings: [String]
    /// The profile a Dogear backup carries.
    public private(set) var backupProfile: BackupProfile?
    /// The custom lists and saved lists' ids a Dogear backup carries.
    public private(set) var backupLists: [BackupList] = []
    public private(set) var backupSavedLists: [UUID] = []
    private var rows: Rows
    private let text: ExportText
    private var line = 1

    private enum Rows {
        case delimited(CSVReader)
        /// LibraryThing's books, one member at a time; the first, read to know the format, waits.
        case json(JSONMemberReader, pending: [String: String]?)
        /// A backup's members; the first, read to know the format, waits.
        case backup(JSONMemberReader, pending: JSONMemberReader.Member?)
        /// A JSON file that broke while being read (`endEarly`): nothing more comes.
        case ended
    }

    public convenience init(path: String) throws {
        try self.init(text: try ExportText(path: path))
    }

    public convenience init(data: Data) throws {
        try self.init(text: try ExportText(data: data))
    }

    public convenience init(string: String) throws {
        try self.init(data: Data(string.utf8))
    }

    private init(text: ExportText) throws {
        self.text = text
        warnings = text.warnings
        guard let stream = text.stream() else { throw ImportFileError.unreadable("the file cannot be opened") }
        switch text.shape {
        case .json:
            let members = JSONMemberReader(stream: stream, descendInto: ["entries"])
            let first = try members.next()
            if BackupReader.isBackup(first) {
                rows = .backup(members, pending: first)
                header = ["format", "version", "profile", "entries"]
                format = .dogearBackup
                return
            }
            guard case .value(_, let data) = first else { throw ImportFileError.empty }
            let book = try LibraryThingJSON.firstBook(data)
            rows = .json(members, pending: LibraryThingJSON.columns(of: book))
            header = book.keys.sorted()
            format = .libraryThing
        case .delimited(let delimiter):
            let reader: CSVReader
            do {
                reader = try CSVReader(stream: stream, hasHeaderRow: true, delimiter: delimiter)
            } catch CSVError.cannotReadHeaderRow {
                throw ImportFileError.empty
            } catch {
                throw ImportFileError.unreadable("\(error)")
            }
            var header = (reader.headerRow ?? []).map { $0.trimmed }
            if let first = header.first, first.hasPrefix("\u{FEFF}") { header[0] = String(first.dropFirst()) }
            self.header = header
            guard header.contains(where: { !$0.isEmpty }) else { throw ImportFileError.empty }
            guard let format = ImportFormat.detect(header: header) else {
                throw ImportFileError.unrecognisedFormat(seen: header)
            }
            self.format = format
            rows = .delimited(reader)
        }
    }

    deinit { text.removeCopy() }

    /// How many rows are left, counted without mapping them (a job's total, before it runs). Reads
    /// the rest of the file: use a reader of its own. For JSON this is also where a file broken
    /// anywhere (cut short, say) is refused, before a job is made; each book is parsed by the run.
    public func countRemaining() throws -> Int {
        switch rows {
        case .ended: return 0
        case .json(let members, let pending):
            var count = pending == nil ? 0 : 1
            while try members.next(keep: false) != nil { count += 1 }
            return count
        case .backup(let members, let pending):
            var count = 0
            if case .element = pending { count += 1 }
            if case .value(key: "entries", _) = pending { throw Self.entriesNotAList }
            while let member = try members.next(keep: false) {
                switch member {
                case .element: count += 1
                case .value(key: "entries", _): throw Self.entriesNotAList
                case .value: break
                }
            }
            return count
        case .delimited(let reader):
            var count = 0
            while let values = reader.next() {
                if values.contains(where: { !$0.trimmed.isEmpty }) { count += 1 }
            }
            return count
        }
    }

    /// How many rows the file has after its header: a job's total, before it runs. On a reader that
    /// has read no row yet. A CSV or TSV file is counted by its bytes (`DelimitedRowCount`, the same
    /// splitting without making the fields), anything else as `countRemaining` does.
    public func countRows() throws -> Int {
        if case .delimited = rows, line == 1, case .delimited(let delimiter) = text.shape, let stream = text.stream() {
            return try DelimitedRowCount.rows(in: stream, delimiter: delimiter)
        }
        return try countRemaining()
    }

    /// The next row as a result: a mapped row, or the line's error. nil at the end of the file.
    /// `line` is the row's line in a spreadsheet (the header is 1); for JSON, the book's position + 1.
    public func next() -> Result<ImportedRow, ImportRowError>? {
        switch rows {
        case .ended: return nil
        case .json(let members, let pending):
            let data: Data
            if let pending {
                rows = .json(members, pending: nil)
                line += 1
                return LibraryThingRow.map(pending, line: line)
            }
            do {
                guard case .value(_, let next) = try members.next() else { return nil }
                data = next
            } catch {
                return endEarly(error)
            }
            line += 1
            do {
                return LibraryThingRow.map(LibraryThingJSON.columns(of: try LibraryThingJSON.book(data)), line: line)
            } catch {
                return .failure(ImportRowError(line: line, reason: Self.rowReason(error)))
            }
        case .backup(let members, let pending):
            var member = pending
            rows = .backup(members, pending: nil)
            do {
                while true {
                    if member == nil { member = try members.next() }
                    guard let current = member else { return nil }
                    member = nil
                    switch current {
                    case .element(_, let data):
                        line += 1
                        do {
                            return .success(try BackupReader.entry(data).importedRow(line: line))
                        } catch {
                            return .failure(ImportRowError(line: line, reason: Self.rowReason(error)))
                        }
                    case .value(let key, let data):
                        try readBackupMember(key, data)
                    }
                }
            } catch {
                return endEarly(error)
            }
        case .delimited(let reader):
            guard let values = reader.next() else { return nil }
            line += 1
            if values.allSatisfy({ $0.trimmed.isEmpty }) { return next() }
            var fields: [String: String] = [:]
            for (index, name) in header.enumerated() where index < values.count {
                fields[name] = values[index]
            }
            switch format {
            case .goodreads: return GoodreadsRow.map(fields, line: line)
            case .storyGraph: return StoryGraphRow.map(fields, line: line)
            case .libraryThing: return LibraryThingRow.map(Self.libraryThingColumns(fields), line: line)
            case .bookWyrm: return BookWyrmRow.map(fields, line: line)
            case .hardcover: return HardcoverRow.map(fields, line: line)
            case .dogearBackup, .kindleClippings, .koreaderHighlights: return nil
            }
        }
    }

    static let entriesNotAList = ImportFileError.unreadable("the backup is damaged: its 'entries' should be a list")

    /// The profile, lists and saved lists beside a backup's entries.
    private func readBackupMember(_ key: String?, _ data: Data) throws {
        switch key {
        case "profile": backupProfile = try BackupReader.decode(BackupProfile?.self, data, at: "profile")
        case "lists": backupLists = try BackupReader.decode([BackupList]?.self, data, at: "lists") ?? []
        case "savedLists": backupSavedLists = try BackupReader.decode([UUID]?.self, data, at: "savedLists") ?? []
        default: break
        }
    }

    /// The file broke after its count was taken (it changed on disk): the row says so, and the
    /// reading ends there.
    private func endEarly(_ error: any Error) -> Result<ImportedRow, ImportRowError> {
        rows = .ended
        return .failure(ImportRowError(line: line + 1, reason: "\(error)"))
    }

    /// A row's own fault, said without "the file could not be read" (the rest of it could).
    static func rowReason(_ error: any Error) -> String {
        if case .unreadable(let reason) = error as? ImportFileError { return reason }
        return "\(error)"
    }

    /// The TSV spells a few columns differently from the CSV ("Book Id").
    static func libraryThingColumns(_ fields: [String: String]) -> [String: String] {
        guard let id = fields["Book Id"] else { return fields }
        var fields = fields
        fields["Book Id"] = nil
        fields["Book ID"] = id
        return fields
    }
}
