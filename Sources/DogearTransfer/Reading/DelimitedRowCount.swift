import DogearCore
import Foundation

/// Counts the rows of a CSV or TSV file as `CSVReader` splits them and `ExportReader` keeps them
/// (a row with something in it; blank rows are skipped), without making their fields: a job's
/// total is known before it runs, and making every field's `String` only to count them was a
/// tenth of a 10,000-row import (`dogear bench import`'s `count_pass_seconds`). The rows are
/// still parsed by the library; this walks the same bytes by the same splitting rules, and
/// `DelimitedRowCountTests` holds it to the library's count over thousands of generated files.
///
/// The rules (CSV.swift's `readRow`/`readField`, `trimFields` off): a field opening with a quote is
/// quoted until a quote followed by the delimiter, a line end or the end of the file; inside it, a
/// quote followed by any other character is kept and that character is dropped (two quotes are
/// one). A quote anywhere else is an ordinary character. CR, LF or CRLF outside quotes ends a row.
/// Every character the splitting looks at is ASCII, and UTF-8 never uses an ASCII byte inside a
/// longer character, so bytes can be walked instead of characters.
struct DelimitedRowCount {
    private let delimiter: UInt8
    private var count = 0
    private var records = 0
    /// Where the walk is.
    private var atFieldStart = true
    private var quoted = false
    /// Inside a quoted field, the byte after a quote decides what the quote was.
    private var afterQuote = false
    /// After a CR that ended a row, an LF is the same line end.
    private var afterCR = false
    /// Whether the row has printable ASCII in a field; if not, the bytes that might be blanks
    /// (spaces, controls, anything not ASCII) decide, decoded when the row ends.
    private var rowHasContent = false
    private var maybeBlank: [UInt8] = []

    init(delimiter: UnicodeScalar) {
        self.delimiter = UInt8(delimiter.value)
    }

    /// The rows after the header in `stream` (opened and closed here).
    static func rows(in stream: InputStream, delimiter: UnicodeScalar) throws -> Int {
        var counter = DelimitedRowCount(delimiter: delimiter)
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var first = true
        while true {
            let read = stream.read(&buffer, maxLength: buffer.count)
            if read < 0 { throw ImportFileError.unreadable(stream.streamError.map { "\($0)" } ?? "read failed") }
            if read == 0 { break }
            // The library skips a byte order mark before it reads a character (a quote after it
            // still opens a quoted field).
            let start = first && buffer[0..<min(read, 3)].elementsEqual([0xEF, 0xBB, 0xBF]) ? 3 : 0
            first = false
            buffer.withUnsafeBufferPointer { counter.walk(UnsafeBufferPointer(rebasing: $0[start..<read])) }
        }
        return counter.finish()
    }

    private mutating func walk(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { step(byte) }
    }

    private mutating func step(_ byte: UInt8) {
        if afterCR {
            afterCR = false
            if byte == 0x0A { return }
        }
        if afterQuote {
            afterQuote = false
            // Else a quote is kept (two quotes are one; before any other character, that character
            // is dropped, and the bytes after a multi-byte one's first are letters of a row that
            // has content anyway).
            if !endsFieldOrRow(byte) { rowHasContent = true }
            return
        }
        if atFieldStart {
            atFieldStart = false
            if byte == UInt8(ascii: "\"") {
                quoted = true
                return
            }
        }
        if quoted {
            if byte == UInt8(ascii: "\"") { afterQuote = true } else { note(byte) }
            return
        }
        if !endsFieldOrRow(byte) { note(byte) }
    }

    /// The delimiter ends the field, CR or LF the row; false for any other byte.
    private mutating func endsFieldOrRow(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x0D:
            endRow()
            afterCR = true
        case 0x0A: endRow()
        case delimiter: endField()
        default: return false
        }
        return true
    }

    private mutating func note(_ byte: UInt8) {
        if rowHasContent { return }
        if byte > 0x20 && byte < 0x7F { rowHasContent = true } else { maybeBlank.append(byte) }
    }

    private mutating func endField() {
        atFieldStart = true
        quoted = false
    }

    private mutating func endRow() {
        records += 1
        // The first row is the header.
        if records > 1, rowHasContent || !String(decoding: maybeBlank, as: UTF8.self).trimmed.isEmpty { count += 1 }
        rowHasContent = false
        maybeBlank.removeAll(keepingCapacity: true)
        endField()
    }

    /// The count, the last row ended by the end of the file (a row is only begun by a byte).
    private mutating func finish() -> Int {
        // (Inside quotes is never at a field's start.)
        if !atFieldStart || rowHasContent || !maybeBlank.isEmpty { endRow() }
        return count
    }
}
