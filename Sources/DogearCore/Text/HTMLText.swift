import Foundation

/// Google Books descriptions and Goodreads reviews are HTML; Dogear stores plain text. Tags become
/// line breaks or nothing, and the entities sources actually send are decoded.
public enum HTMLText {
    public static func plain(_ html: String) -> String {
        var text = html
        for tag in ["<br>", "<br/>", "<br />", "</p>", "</li>", "</div>"] {
            text = text.replacingOccurrences(of: tag, with: "\n", options: .caseInsensitive)
        }
        text = text.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        text = decodeEntities(text)
        let lines = text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.joined(separator: "\n")
            .replacingOccurrences(of: "\n{3,}", with: "\n\n", options: .regularExpression)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Text written where HTML is expected (a StoryGraph review, a page): its own `&`, `<`, `>`
    /// stay text, and with `quotes` its `"` and `'` too (an attribute's value). One pass over the
    /// bytes, and none to write when nothing needs escaping (most titles and names): every reader's
    /// text on every page goes through here.
    public static func escape(_ text: String, quotes: Bool = false) -> String {
        let bytes = text.utf8
        let needsEscaping = { (byte: UInt8) in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || (quotes && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")))
        }
        guard bytes.contains(where: needsEscaping) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): escaped += "&amp;".utf8
            case UInt8(ascii: "<"): escaped += "&lt;".utf8
            case UInt8(ascii: ">"): escaped += "&gt;".utf8
            case UInt8(ascii: "\"") where quotes: escaped += "&quot;".utf8
            case UInt8(ascii: "'") where quotes: escaped += "&#39;".utf8
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "mdash": "—",
        "ndash": "–", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
    ]

    public static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(10).firstIndex(of: ";") {
                let name = String(after[..<semi])
                var decoded: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else if name.hasPrefix("#") {
                    decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else {
                    decoded = named[name]
                }
                if let decoded {
                    result += decoded
                    rest = after[after.index(after: semi)...]
                    continue
                }
            }
            result += "&"
            rest = after
        }
        return result + rest
    }
}
