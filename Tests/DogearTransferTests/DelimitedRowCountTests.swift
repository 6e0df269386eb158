import Foundation
import Testing

@testable import DogearTransfer

/// A job's total counts a CSV or TSV file's rows by its bytes (`ExportReader.countRows`); the
/// import then reads them with the CSV library. The two must agree on every file, however it
/// quotes, ends its lines or leaves rows blank.
@Suite("A spreadsheet's rows counted by bytes are the rows the CSV library reads")
struct DelimitedRowCountTests {
    static let header = ["Book Id", "Title", "Author", "ISBN13", "My Rating", "Exclusive Shelf", "Bookshelves"]

    /// Pieces a real export has, and the ones that trip a splitter: quotes opening, closing, doubled
    /// and stray; both delimiters; CR, LF and CRLF; blanks ASCII and not (a no-break space, an
    /// ideographic space); multi-byte letters, also right after a closing quote.
    static let pieces = [
        "a", "Dune", "é", "日本", "📚", " ", "\t", ",", "\"", "\"\"", "\r", "\n", "\r\n", "x\"y", "\u{00A0}", "\u{3000}",
        "\"é", "\u{0B}", "\u{1F}", "\0",
    ]

    static func counts(_ text: String) throws -> (bytes: Int, library: Int) {
        (try ExportReader(string: text).countRows(), try ExportReader(string: text).countRemaining())
    }

    @Test("generated files, comma and tab separated: the same count as the library's", arguments: [",", "\t"])
    func generated(delimiter: String) throws {
        var seed: UInt64 = delimiter == "," ? 0x5EED : 0xD1CE
        func next(_ bound: Int) -> Int {
            // A fixed sequence (xorshift), so a failure names a file that fails again.
            seed ^= seed << 13
            seed ^= seed >> 7
            seed ^= seed << 17
            return Int(seed % UInt64(bound))
        }
        for _ in 0..<3000 {
            let body = (0..<next(40)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
            let text = Self.header.joined(separator: delimiter) + "\n" + body
            let (bytes, library) = try Self.counts(text)
            #expect(bytes == library, "\(text.debugDescription)")
        }
    }

    @Test("line ends, blank rows, quoted line ends and a last row without a line end")
    func shapes() throws {
        let head = Self.header.joined(separator: ",")
        let cases: [(String, Int)] = [
            ("\n1,Dune\n2,Emma\n", 2),
            ("\r\n1,Dune\r\n\r\n2,Emma", 2),
            ("\r1,Dune\r2,Emma\r", 2),
            ("\n1,\"Dune,\nor the\r\nspice\"\n,,,\n   \n\"\"\n2,Emma\n", 2),
            ("\n\u{00A0},\u{3000}\n3,\"\"\"\"\n", 1),
            ("\n1,\"unclosed\n2,Emma\n", 1),
        ]
        // A byte order mark, then a quoted first header cell holding a line end.
        let marked = "\u{FEFF}\"Notes\nx\"," + Self.header.joined(separator: ",")
        for (text, rows) in cases.map({ (head + $0.0, $0.1) }) + [(marked + "\n1,Dune\n\n2,Emma\n", 2)] {
            let (bytes, library) = try Self.counts(text)
            #expect(library == rows, "\(text.debugDescription)")
            #expect(bytes == rows, "\(text.debugDescription)")
        }
    }

    /// Bytes Swift's UTF-8 decoder refuses though each looks like a character's start and its
    /// continuation (an emoji as two UTF-16 halves, CESU-8; an overlong slash; a code point past
    /// U+10FFFF): the file is repaired, so every row is read and counted, none dropped.
    @Test("a file with UTF-16 halves, overlong forms or code points past Unicode is repaired, every row kept")
    func strictUTF8() throws {
        let bad: [[UInt8]] = [[0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80], [0xE0, 0x80, 0xAF], [0xF4, 0x90, 0x80, 0x80]]
        for sequence in bad {
            let bytes =
                Array((Self.header.joined(separator: ",") + "\n1,A").utf8) + sequence + Array("é,X\n2,Dune,Herbert\n".utf8)
            let reader = try ExportReader(data: Data(bytes))
            #expect(!reader.warnings.isEmpty)
            #expect(try ExportReader(data: Data(bytes)).countRows() == 2, "\(sequence)")
            var titles: [String] = []
            while let row = reader.next() { if case .success(let row) = row { titles.append(row.book.title ?? "") } }
            #expect(titles.count == 2, "\(sequence): \(titles)")
        }
    }
}
