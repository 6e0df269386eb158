import Foundation

/// Reads a JSON file's top-level members one at a time from a stream, each as its own bytes, so a
/// 50 MB export is never in memory (or parsed) whole: the caller parses each member alone.
///
/// A top-level object gives its members with their keys, a top-level list its elements. A member
/// named in `descendInto` whose value is a list gives its elements one by one instead (a backup's
/// `entries`). The structure around the members (brackets, commas, colons, strings) is checked
/// here, with the line where it breaks; each member's own JSON is checked by whoever parses it.
/// No recursion: nesting costs a counter, however deep.
final class JSONMemberReader {
    enum Member {
        /// A top-level member (key nil in a list).
        case value(key: String?, Data)
        /// An element of the list under a `descendInto` key.
        case element(of: String, Data)
    }

    private let stream: InputStream
    private let descendInto: Set<String>
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var count = 0
    private var position = 0
    private var ended = false
    /// Where the reading is, for errors.
    private(set) var line = 1

    private struct Level {
        let closer: UInt8
        /// The key whose list this is, when it was descended into.
        let key: String?
    }

    private var levels: [Level] = []
    private var started = false
    /// A comma was read: a value must come before the closer.
    private var needValue = false
    /// A value was read: a comma or the closer must come next.
    private var afterValue = false

    init(stream: InputStream, descendInto: Set<String> = []) {
        self.stream = stream
        self.descendInto = descendInto
        stream.open()
    }

    deinit { stream.close() }

    /// Whether the top level is an object (else a list); reads the opening bracket.
    func openTop() throws -> Bool {
        try skipWhitespace()
        guard let first = try peek(), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            throw malformed("the file is not a JSON object or list")
        }
        position += 1
        started = true
        levels.append(Level(closer: first == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"), key: nil))
        return first == UInt8(ascii: "{")
    }

    /// The next member, or nil after the closing bracket (and nothing but whitespace after it).
    /// `keep: false` skips the member's bytes (counting).
    func next(keep: Bool = true) throws -> Member? {
        if !started { _ = try openTop() }
        while true {
            try skipWhitespace()
            guard let level = levels.last else {
                if try peek() != nil { throw malformed("there is more after the end of the JSON") }
                return nil
            }
            guard let byte = try peek() else { throw malformed("the JSON ends before its closing '\(character(level.closer))'") }
            if byte == UInt8(ascii: ",") {
                guard afterValue else { throw malformed("a ',' where a value should be") }
                position += 1
                (afterValue, needValue) = (false, true)
                continue
            }
            if byte == level.closer {
                guard !needValue else { throw malformed("a '\(character(byte))' right after a ','") }
                position += 1
                levels.removeLast()
                (afterValue, needValue) = (true, false)
                continue
            }
            guard !afterValue else { throw malformed("expected ',' or '\(character(level.closer))'") }
            needValue = false
            if level.closer == UInt8(ascii: "}") {
                let key = try readKey()
                try skipWhitespace()
                guard try peek() == UInt8(ascii: ":") else { throw malformed("expected ':' after \"\(key)\"") }
                position += 1
                try skipWhitespace()
                if levels.count == 1, descendInto.contains(key), try peek() == UInt8(ascii: "[") {
                    position += 1
                    levels.append(Level(closer: UInt8(ascii: "]"), key: key))
                    continue
                }
                let value = try readValue(keep: keep)
                afterValue = true
                return .value(key: key, value)
            }
            let value = try readValue(keep: keep)
            afterValue = true
            if let key = level.key { return .element(of: key, value) }
            return .value(key: nil, value)
        }
    }

    // MARK: bytes

    private func peek() throws -> UInt8? {
        if position == count {
            if ended { return nil }
            count = stream.read(&buffer, maxLength: buffer.count)
            position = 0
            if count < 0 { throw ImportFileError.unreadable("the file could not be read") }
            if count == 0 {
                ended = true
                return nil
            }
        }
        return buffer[position]
    }

    private func skipWhitespace() throws {
        while let byte = try peek() {
            switch byte {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            position += 1
        }
    }

    private func readKey() throws -> String {
        guard try peek() == UInt8(ascii: "\"") else { throw malformed("expected a key in quotes") }
        let bytes = try readValue(keep: true)
        guard let key = try? JSONSerialization.jsonObject(with: bytes, options: .fragmentsAllowed) as? String else {
            throw malformed("a key that is not a JSON string")
        }
        return key
    }

    /// One value's bytes: a string, a number or word, or an object or list with all it holds.
    private func readValue(keep: Bool) throws -> Data {
        var value: [UInt8] = []
        var length = 0
        var depth = 0
        var inString = false
        var escaped = false
        let startLine = line
        func done() throws -> Data {
            guard length > 0 else { throw malformed("a value is missing") }
            return Data(value)
        }
        while let byte = try peek() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte == UInt8(ascii: "\n") {
                    throw malformed("a line break inside a string")
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    // The closer of the object or list around a number or word: the value is over.
                    if depth == 0 { return try done() }
                    depth -= 1
                case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    if depth == 0 { return try done() }
                case UInt8(ascii: "\n"):
                    if depth == 0 { return try done() }
                    line += 1
                default:
                    break
                }
            }
            if keep { value.append(byte) }
            length += 1
            position += 1
            // A string, object or list ends with its own closing character.
            if depth == 0, !inString,
                byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            {
                return try done()
            }
        }
        throw malformed("the JSON ends inside a value that starts on line \(startLine)")
    }

    private func character(_ byte: UInt8) -> String { String(UnicodeScalar(byte)) }

    private func malformed(_ what: String) -> ImportFileError {
        .unreadable("the JSON is not well formed: \(what) (line \(line))")
    }
}
