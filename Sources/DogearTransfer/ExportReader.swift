import CSV
import DogearCore
import Foundation

/// Reads an export file row by row, streaming, after detecting its format from the header.
/// UTF-8 with or without a byte order mark, LF or CRLF line ends, quoted commas and quotes.
public final class ExportReader {
    public let format: ImportFormat
    public let header: [String]
    private let reader: CSVReader
    private var line = 1

    public convenience init(path: String) throws {
        guard let stream = InputStream(fileAtPath: path) else { throw ImportFileError.unreadable("no such file: \(path)") }
        try self.init(stream: stream)
    }

    public convenience init(string: String) throws {
        try self.init(stream: InputStream(data: Data(string.utf8)))
    }

    public init(stream: InputStream) throws {
        do {
            reader = try CSVReader(stream: stream, hasHeaderRow: true)
        } catch CSVError.cannotReadHeaderRow {
            throw ImportFileError.empty
        } catch {
            throw ImportFileError.unreadable("\(error)")
        }
        var header = reader.headerRow ?? []
        if let first = header.first, first.hasPrefix("\u{FEFF}") { header[0] = String(first.dropFirst()) }
        self.header = header
        guard header.contains(where: { !$0.isEmpty }) else { throw ImportFileError.empty }
        guard let format = ImportFormat.detect(header: header) else {
            throw ImportFileError.unrecognisedFormat(seen: header)
        }
        guard format != .libraryThing else { throw ImportFileError.notYetSupported(format) }
        self.format = format
    }

    /// The next row as a result: a mapped row, or the line's error. nil at the end of the file.
    public func next() -> Result<ImportedRow, ImportRowError>? {
        guard let values = reader.next() else { return nil }
        line += 1
        if values.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { return next() }
        var fields: [String: String] = [:]
        for (index, name) in header.enumerated() where index < values.count {
            fields[name] = values[index]
        }
        switch format {
        case .goodreads: return GoodreadsRow.map(fields, line: line)
        case .storyGraph: return StoryGraphRow.map(fields, line: line)
        case .libraryThing: return .failure(ImportRowError(line: line, reason: "LibraryThing rows cannot be read yet"))
        }
    }
}
