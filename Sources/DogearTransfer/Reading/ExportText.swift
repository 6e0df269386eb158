import Foundation

/// The bytes of an export, checked before parsing: what they hold (CSV, TSV or JSON), and whether
/// they are UTF-8. A file that is not valid UTF-8 is decoded anyway, chunk by chunk into a temporary
/// UTF-8 copy, and says how: Latin-1 (Windows-1252) when no byte sequence in it is UTF-8 at all, else
/// UTF-8 with each bad byte replaced by U+FFFD. Both are reported as a warning, never as a failure:
/// one mangled name must not cost a reader their whole library.
struct ExportText {
    enum Shape: Equatable {
        case delimited(UnicodeScalar)
        case json
    }

    let shape: Shape
    /// What to parse: the original bytes, or the repaired UTF-8 copy.
    let stream: () -> InputStream?
    let warnings: [String]
    private let repairedCopy: URL?

    static let chunkSize = 64 * 1024

    init(path: String) throws {
        guard FileManager.default.isReadableFile(atPath: path) else { throw ImportFileError.unreadable("no such file: \(path)") }
        try self.init(open: { InputStream(fileAtPath: path) })
    }

    init(data: Data) throws {
        try self.init(open: { InputStream(data: data) })
    }

    private init(open: @escaping () -> InputStream?) throws {
        let scan = try Self.scan(open)
        shape = scan.shape
        guard scan.invalidBytes > 0 else {
            stream = open
            warnings = []
            repairedCopy = nil
            return
        }
        let latin1 = scan.validMultibyte == 0
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("dogear-import-\(UUID().uuidString).txt")
        try Self.repair(open, into: copy, latin1: latin1)
        stream = { InputStream(url: copy) }
        repairedCopy = copy
        warnings = [
            latin1
                ? "the file is not UTF-8; it was read as Latin-1 (Windows-1252): check accented letters"
                : "the file has \(scan.invalidBytes) byte(s) that are not UTF-8; each was replaced by �"
        ]
    }

    func removeCopy() {
        if let repairedCopy { try? FileManager.default.removeItem(at: repairedCopy) }
    }

    // MARK: scanning

    private struct Scan {
        var shape: Shape = .delimited(",")
        var invalidBytes = 0
        var validMultibyte = 0
    }

    /// One pass over the bytes: the shape from the first line, and a UTF-8 validity count.
    private static func scan(_ open: () -> InputStream?) throws -> Scan {
        guard let input = open() else { throw ImportFileError.unreadable("the file cannot be opened") }
        input.open()
        defer { input.close() }
        var scan = Scan()
        var firstLine: [UInt8] = []
        var firstLineDone = false
        var pending = 0  // continuation bytes still expected
        var (nextLow, nextHigh): (UInt8, UInt8) = (0x80, 0xBF)  // the range of the next one
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var sawAny = false
        while true {
            let count = input.read(&buffer, maxLength: chunkSize)
            if count < 0 { throw ImportFileError.unreadable(input.streamError.map { "\($0)" } ?? "read failed") }
            if count == 0 { break }
            sawAny = true
            for byte in buffer[0..<count] {
                if !firstLineDone {
                    if byte == 0x0A { firstLineDone = true } else { firstLine.append(byte) }
                }
                if pending > 0 {
                    if byte >= nextLow && byte <= nextHigh {
                        pending -= 1
                        (nextLow, nextHigh) = (0x80, 0xBF)
                        if pending == 0 { scan.validMultibyte += 1 }
                        continue
                    }
                    scan.invalidBytes += 1
                    pending = 0
                    (nextLow, nextHigh) = (0x80, 0xBF)
                }
                // RFC 3629's table: the second byte's range rules out overlong forms, UTF-16
                // surrogates (CESU-8, as some database exports write emoji) and code points past
                // U+10FFFF, none of which Swift's decoder (or the CSV reader) accepts.
                switch byte {
                case 0x00...0x7F: break
                case 0xC2...0xDF: pending = 1
                case 0xE0: (pending, nextLow) = (2, 0xA0)
                case 0xED: (pending, nextHigh) = (2, 0x9F)
                case 0xE1...0xEF: pending = 2
                case 0xF0: (pending, nextLow) = (3, 0x90)
                case 0xF4: (pending, nextHigh) = (3, 0x8F)
                case 0xF1...0xF3: pending = 3
                default: scan.invalidBytes += 1
                }
            }
        }
        if pending > 0 { scan.invalidBytes += 1 }
        guard sawAny else { throw ImportFileError.empty }
        // Skip a byte order mark and leading blanks to see what the file opens with.
        var head = firstLine[...]
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        let opening = head.first { ![0x20, 0x09, 0x0D].contains($0) }
        if opening == UInt8(ascii: "{") || opening == UInt8(ascii: "[") {
            scan.shape = .json
        } else {
            let tabs = head.filter { $0 == 0x09 }.count
            let commas = head.filter { $0 == UInt8(ascii: ",") }.count
            scan.shape = .delimited(tabs > commas ? "\t" : ",")
        }
        return scan
    }

    /// Writes a UTF-8 copy, a chunk at a time; a UTF-8 sequence cut by a chunk's end waits for the next.
    private static func repair(_ open: () -> InputStream?, into copy: URL, latin1: Bool) throws {
        guard let input = open(), let output = OutputStream(url: copy, append: false) else {
            throw ImportFileError.unreadable("the file cannot be opened")
        }
        input.open()
        output.open()
        defer {
            input.close()
            output.close()
        }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var carry: [UInt8] = []
        // A failed write throws: an import must never read a repaired copy cut short.
        func write(_ text: String) throws {
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBufferPointer { pointer in
                var offset = 0
                while offset < bytes.count {
                    let written = output.write(pointer.baseAddress! + offset, maxLength: bytes.count - offset)
                    if written <= 0 { throw TransferWriteError(underlying: output.streamError) }
                    offset += written
                }
            }
        }
        while true {
            let count = input.read(&buffer, maxLength: chunkSize)
            if count <= 0 { break }
            var bytes = carry + buffer[0..<count]
            carry = []
            if latin1 {
                try write(
                    String(data: Data(bytes), encoding: .windowsCP1252) ?? String(bytes.map { Character(Unicode.Scalar($0)) }))
                continue
            }
            // Hold back an unfinished sequence at the end of the chunk.
            var back = 0
            for index in stride(from: bytes.count - 1, through: max(0, bytes.count - 4), by: -1) {
                let byte = bytes[index]
                if byte & 0xC0 == 0x80 {
                    back += 1
                    continue
                }
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                if length > back + 1 {
                    carry = Array(bytes[index...])
                    bytes.removeLast(bytes.count - index)
                }
                break
            }
            try write(String(decoding: bytes, as: UTF8.self))
        }
        if !carry.isEmpty { try write(String(decoding: carry, as: UTF8.self)) }
    }
}
