import CSV
import DogearCore
import Foundation

/// Reads an export row by row after detecting its format from the header (never the file name).
/// CSV and TSV stream; LibraryThing's JSON is parsed whole. UTF-8 with or without a byte order
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
    private let rows: Rows
    private let text: ExportText
    private var line = 1

    private enum Rows {
        case delimited(CSVReader)
        case json([[String: String]])
        case backup([BackupEntry])
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
            stream.open()
            let data = try Self.readAll(stream)
            stream.close()
            if BackupReader.isBackup(data) {
                let backup = try BackupReader.read(data)
                rows = .backup(backup.entries)
                backupProfile = backup.profile
                backupLists = backup.lists ?? []
                backupSavedLists = backup.savedLists ?? []
                header = ["format", "version", "profile", "entries"]
                format = .dogearBackup
                return
            }
            let books = try LibraryThingJSON.rows(from: data)
            rows = .json(books)
            header = books.first.map { Array($0.keys).sorted() } ?? []
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
    /// the rest of the file: use a reader of its own.
    public func countRemaining() -> Int {
        switch rows {
        case .json(let books): return books.count - (line - 1)
        case .backup(let entries): return entries.count - (line - 1)
        case .delimited(let reader):
            var count = 0
            while let values = reader.next() {
                if values.contains(where: { !$0.trimmed.isEmpty }) { count += 1 }
            }
            return count
        }
    }

    /// The next row as a result: a mapped row, or the line's error. nil at the end of the file.
    /// `line` is the row's line in a spreadsheet (the header is 1); for JSON, the book's position + 1.
    public func next() -> Result<ImportedRow, ImportRowError>? {
        switch rows {
        case .json(let books):
            guard line - 1 < books.count else { return nil }
            let fields = books[line - 1]
            line += 1
            return LibraryThingRow.map(fields, line: line)
        case .backup(let entries):
            guard line - 1 < entries.count else { return nil }
            let entry = entries[line - 1]
            line += 1
            return .success(entry.importedRow(line: line))
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
            case .dogearBackup: return nil
            }
        }
    }

    /// The TSV spells a few columns differently from the CSV ("Book Id").
    static func libraryThingColumns(_ fields: [String: String]) -> [String: String] {
        guard let id = fields["Book Id"] else { return fields }
        var fields = fields
        fields["Book Id"] = nil
        fields["Book ID"] = id
        return fields
    }

    private static func readAll(_ stream: InputStream) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: ExportText.chunkSize)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count < 0 { throw ImportFileError.unreadable("read failed") }
            if count == 0 { return data }
            data.append(buffer, count: count)
        }
    }
}
