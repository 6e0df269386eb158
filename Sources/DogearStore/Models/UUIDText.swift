import Foundation

/// A UUID's text (upper case, as Fluent stores it in SQLite and `uuidString` writes it) and back,
/// written with a table: Foundation's `uuidString` on Linux formats each one with `snprintf` and
/// `UUID(uuidString:)` reads it with `sscanf`, which together took one import's CPU in twenty-five
/// (`dogear bench import`, perf).
extension UUID {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The same text as `uuidString`: `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
    package var text: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    out[position] = Self.hexDigits[Int(byte >> 4)]
                    out[position + 1] = Self.hexDigits[Int(byte & 0x0F)]
                    position += 2
                }
                return position
            }
        }
    }

    /// Ids in the order of their text (`uuidString`'s), each written once: a sort that compares
    /// `uuidString`s formats two on every comparison (an import's 10,000 works: some 280,000
    /// `snprintf`s, most of its "aggregates" phase).
    package static func inTextOrder(_ ids: some Sequence<UUID>) -> [UUID] {
        ids.map { ($0.text, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Reads the 36-character form in either case, as `UUID(uuidString:)` does; nil for anything else.
    package init?(text: some StringProtocol) {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed: Bool =
            text.utf8.withContiguousStorageIfAvailable { chars -> Bool in
                Self.parse(chars, into: &bytes)
            } ?? Self.parse(Array(text.utf8), into: &bytes)
        guard parsed else { return nil }
        self.init(uuid: bytes)
    }

    private static func parse(_ chars: some RandomAccessCollection<UInt8>, into bytes: inout uuid_t) -> Bool {
        guard chars.count == 36 else { return false }
        return withUnsafeMutableBytes(of: &bytes) { out -> Bool in
            var index = chars.startIndex
            var byte = 0
            while byte < 16 {
                if byte == 4 || byte == 6 || byte == 8 || byte == 10 {
                    guard chars[index] == UInt8(ascii: "-") else { return false }
                    index = chars.index(after: index)
                }
                guard let high = nibble(chars[index]) else { return false }
                index = chars.index(after: index)
                guard let low = nibble(chars[index]) else { return false }
                index = chars.index(after: index)
                out[byte] = high << 4 | low
                byte += 1
            }
            return true
        }
    }

    private static func nibble(_ char: UInt8) -> UInt8? {
        switch char {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return char - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return char - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return char - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
