import Foundation

/// A validated ISBN: both normalised forms (digits only, `X` allowed as the ISBN-10 check) and the
/// form the user typed, kept for display.
///
/// Accepts ISBN-10, ISBN-13 and the EAN-13 a barcode scanner reads off a book (978/979 prefix).
/// Refuses other barcodes with a message saying what they are, since a scan of a cereal box or a
/// UPC on a magazine is a common mistake.
public struct ISBN: Hashable, Sendable, CustomStringConvertible {
    /// Always present: every ISBN-10 has a 978 ISBN-13.
    public let isbn13: String
    /// Absent for 979 ISBN-13s, which have no ISBN-10.
    public let isbn10: String?
    /// Exactly what was given, trimmed.
    public let typed: String

    public var description: String { isbn13 }

    public init(_ input: String) throws(ISBNError) {
        let trimmed = input.trimmed
        let compact = ISBN.compact(trimmed)
        guard !compact.isEmpty else { throw .empty }
        if let bad = compact.first(where: { !$0.isASCIIDigit && $0 != "X" }) {
            throw .invalidCharacter(bad)
        }
        // An X may only stand last, as an ISBN-10 check digit.
        if compact.dropLast().contains("X") { throw .invalidCharacter("X") }
        switch compact.count {
        case 10:
            guard ISBN.isbn10CheckDigit(compact.prefix(9)) == compact.last else { throw .checkDigit(kind: "ISBN-10") }
            isbn10 = compact
            isbn13 = ISBN.convert10to13(compact)
        case 13:
            guard !compact.contains("X") else { throw .invalidCharacter("X") }
            guard compact.hasPrefix("978") || compact.hasPrefix("979") else {
                throw .notABookBarcode(kind: "EAN-13 product code")
            }
            guard ISBN.ean13CheckDigit(compact.prefix(12)) == compact.last else { throw .checkDigit(kind: "ISBN-13") }
            isbn13 = compact
            isbn10 = ISBN.convert13to10(compact)
        case 8:
            throw .notABookBarcode(kind: "EAN-8 barcode")
        case 6, 7:
            throw .notABookBarcode(kind: "UPC-E barcode")
        case 12:
            throw .notABookBarcode(kind: "UPC-A barcode")
        default:
            throw .wrongLength(compact.count)
        }
        typed = trimmed
    }

    /// Hyphens, spaces and the `="…"` wrapper spreadsheets put around ISBNs are not part of it.
    static func compact(_ input: String) -> String {
        var text = Substring(input)
        if text.hasPrefix("=") { text = text.dropFirst() }
        // An import checks two ISBN columns a row: ASCII (nearly every one) is done byte by byte.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(13)
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\""), UInt8(ascii: "'"): continue
                case UInt8(ascii: "a")...UInt8(ascii: "z"): bytes.append(byte - 0x20)
                default: bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(text.filter { !"-\u{2010}\u{2011}\u{2013} \t\"'".contains($0) }).uppercased()
    }

    /// The value of a digit already checked to be one.
    private static func digit(_ char: Character) -> Int { Int(char.asciiValue! - UInt8(ascii: "0")) }

    static func isbn10CheckDigit(_ first9: Substring) -> Character {
        var sum = 0
        for (index, char) in first9.enumerated() {
            sum += (10 - index) * digit(char)
        }
        let check = (11 - sum % 11) % 11
        return check == 10 ? "X" : Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(check)))
    }

    static func ean13CheckDigit(_ first12: Substring) -> Character {
        var sum = 0
        for (index, char) in first12.enumerated() {
            sum += (index % 2 == 0 ? 1 : 3) * digit(char)
        }
        return Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8((10 - sum % 10) % 10)))
    }

    /// ISBN-10 to ISBN-13: prefix 978, drop the old check digit, compute the EAN one.
    public static func convert10to13(_ isbn10: String) -> String {
        let body = "978" + isbn10.prefix(9)
        return body + String(ean13CheckDigit(Substring(body)))
    }

    /// ISBN-13 to ISBN-10, only for the 978 range.
    public static func convert13to10(_ isbn13: String) -> String? {
        guard isbn13.hasPrefix("978") else { return nil }
        let body = isbn13.dropFirst(3).prefix(9)
        return String(body) + String(isbn10CheckDigit(body))
    }

    /// The primary ISBN shown for an edition: the 13-digit form first.
    public var primary: String { isbn13 }
}

public enum ISBNError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case invalidCharacter(Character)
    case wrongLength(Int)
    case checkDigit(kind: String)
    case notABookBarcode(kind: String)

    public var description: String {
        switch self {
        case .empty:
            return "ISBN is empty"
        case .invalidCharacter(let char):
            return "ISBN may hold only digits (and X as the last ISBN-10 digit), found '\(char)'"
        case .wrongLength(let count):
            return "an ISBN has 10 or 13 digits, this has \(count)"
        case .checkDigit(let kind):
            return "not a valid \(kind): the check digit does not match (a digit may be mistyped)"
        case .notABookBarcode(let kind):
            return "this is an \(kind), not a book's ISBN; scan the barcode that starts with 978 or 979"
        }
    }
}

extension Character {
    /// 0 to 9 alone (a digit with a combining mark on it is not one).
    var isASCIIDigit: Bool { asciiValue.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
}
