import DogearServices
import DogearStore
import Foundation
import Vapor

/// JSON written straight into bytes, for the answers read most (a page of entries). Foundation's
/// `JSONEncoder` spent a fifth of the library route's time walking `Codable` containers
/// (`dogear bench http`, `dogear bench search`'s `json` phase); this writes the same bytes as the
/// app's encoder (keys sorted, dates ISO 8601 to the second, `/` escaped, integral doubles without
/// `.0`), and `JSONBytesTests` holds it to that encoder's output byte for byte.
///
/// The caller writes keys in sorted order itself; commas are placed here.
package struct JSONBytes {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    package init(capacity: Int = 16_384) { bytes.reserveCapacity(capacity) }

    package mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    package mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// `"name":`, after a comma when a member came before. A literal key is a `StaticString`; with
    /// a `String` overload beside it, Swift chose that one for every literal, and escaped each key
    /// byte by byte (a tenth of Home's time).
    package mutating func key(_ name: StaticString) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = true
    }

    /// A key that is data (an external ID's kind), escaped as a string.
    package mutating func key(escaping name: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = true
    }

    /// Before each element of an array.
    package mutating func item() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    package mutating func null() { bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }

    /// A value already written as JSON (one value: an object, an array, a literal).
    package mutating func raw(_ json: [UInt8]) { bytes.append(contentsOf: json) }

    package mutating func bool(_ value: Bool) {
        if value {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    package mutating func int(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

    /// As Foundation writes a `Double`: its shortest form, without `.0` when it is whole.
    package mutating func double(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    package mutating func uuid(_ value: UUID) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: value.text.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// ISO 8601 in UTC to the second, as `JSONEncoder`'s `.iso8601` writes it (the fraction dropped).
    package mutating func date(_ value: Date) {
        var seconds = time_t(value.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        bytes.append(UInt8(ascii: "\""))
        digits(Int(parts.tm_year) + 1900, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mon) + 1, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mday), 2)
        bytes.append(UInt8(ascii: "T"))
        digits(Int(parts.tm_hour), 2)
        bytes.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_min), 2)
        bytes.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_sec), 2)
        bytes.append(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "\"")])
    }

    private mutating func digits(_ value: Int, _ width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    /// A string with Foundation's escapes: `"`, `\`, `/`, the short forms of control characters, the
    /// rest of them as `\u00XX`; everything else as its UTF-8, copied in runs between escapes.
    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
                else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
        case UInt8(ascii: "/"): bytes.append(contentsOf: [0x5C, 0x2F])
        case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
        case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }

    // Optional values: `null` when absent, as `@Nullable` writes them.
    package mutating func string(_ value: String?) { if let value { string(value) } else { null() } }
    package mutating func uuid(_ value: UUID?) { if let value { uuid(value) } else { null() } }
    package mutating func int(_ value: Int?) { if let value { int(value) } else { null() } }
    package mutating func double(_ value: Double?) { if let value { double(value) } else { null() } }
    package mutating func bool(_ value: Bool?) { if let value { bool(value) } else { null() } }
    package mutating func date(_ value: Date?) { if let value { date(value) } else { null() } }

    package mutating func strings(_ values: [String]) {
        beginArray()
        for value in values {
            item()
            string(value)
        }
        endArray()
    }

    /// `{kind: [values]}`, keys in byte order as the sorted encoder has them.
    package mutating func stringLists(_ values: [String: [String]]) {
        beginObject()
        for name in values.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            key(escaping: name)
            strings(values[name] ?? [])
        }
        endObject()
    }
}

/// An answer `JSONBytes` can write: the same bytes the app's encoder writes for it, held to that by
/// a test per type (`LeanReadTests`).
package protocol JSONBytesWritable {
    func write(to json: inout JSONBytes)
}

extension JSONBytes {
    /// The app's JSON encoder (`configure` makes it Vapor's), whose bytes these are.
    package static func appEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        // Stable key order: answers diff cleanly and read the same every time.
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// A part of an answer that is read rarely enough to leave to the app's encoder (a home
    /// page's three clubs), written in place.
    package mutating func encoded<Value: Encodable>(_ value: Value) throws {
        raw(Array(try Self.appEncoder().encode(value)))
    }

    /// The written bytes as a JSON response.
    package func response(status: HTTPResponseStatus = .ok) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: status, headers: headers, body: .init(buffer: ByteBuffer(bytes: bytes)))
    }

    package mutating func array<Item: JSONBytesWritable>(_ items: [Item]) {
        beginArray()
        for item in items {
            self.item()
            item.write(to: &self)
        }
        endArray()
    }
}

extension Page: JSONBytesWritable where Item: JSONBytesWritable {
    package func write(to json: inout JSONBytes) {
        json.beginObject()
        json.key("items")
        json.array(items)
        json.key("nextCursor")
        json.string(nextCursor)
        json.endObject()
    }
}

extension JSONBytesWritable {
    /// This answer as the API sends it, written by `JSONBytes`.
    package func jsonResponse() -> Response {
        var json = JSONBytes()
        write(to: &json)
        return json.response()
    }
}

extension Array where Element: JSONBytesWritable {
    /// A list answer, written by `JSONBytes`.
    package func jsonResponse() -> Response {
        var json = JSONBytes()
        json.array(self)
        return json.response()
    }
}
