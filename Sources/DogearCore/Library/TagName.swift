import Foundation

/// A user's tag: matched by its lower-case key, shown as first typed ("Sci-Fi" and "sci-fi" are one).
public struct TagName: Hashable, Sendable {
    public let display: String
    public let key: String

    public init(_ raw: String, field: String = "tags") throws {
        // Runs of white space inside a tag are one space, so "sci  fi" and "sci fi" are one tag too.
        let display = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !display.isEmpty else { throw ValidationError(field: field, "a tag must not be empty") }
        guard display.count <= Limits.tagLength.upperBound else {
            throw ValidationError(
                field: field, "a tag must be at most \(Limits.tagLength.upperBound) characters (got \(display.count))")
        }
        self.display = display
        self.key = display.lowercased()
    }

    /// Validates an entry's tag list: duplicates by key collapse to the first spelling; at most 20.
    public static func list(_ raw: [String], field: String = "tags") throws -> [TagName] {
        var seen = Set<String>()
        var result: [TagName] = []
        for (index, text) in raw.enumerated() {
            let tag = try TagName(text, field: "\(field)[\(index)]")
            if seen.insert(tag.key).inserted { result.append(tag) }
        }
        guard result.count <= Limits.tagsPerEntry else {
            throw ValidationError(field: field, "at most \(Limits.tagsPerEntry) tags per book (got \(result.count))")
        }
        return result
    }
}
