import Foundation

/// Small checks shared by every rule that validates user input. Each throws a `ValidationError`
/// naming the field, with a message a person can act on.
public enum Validate {
    /// Trims surrounding white space and checks the length in characters.
    public static func text(_ value: String, field: String, length: ClosedRange<Int>) throws -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count < length.lowerBound {
            throw ValidationError(
                field: field,
                length.lowerBound == 1
                    ? "must not be empty" : "must be at least \(length.lowerBound) characters")
        }
        if trimmed.count > length.upperBound {
            throw ValidationError(field: field, "must be at most \(length.upperBound) characters (got \(trimmed.count))")
        }
        return trimmed
    }

    /// An optional text: nil or blank becomes nil, otherwise trimmed and capped.
    public static func optionalText(_ value: String?, field: String, maxLength: Int) throws -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        if trimmed.count > maxLength {
            throw ValidationError(field: field, "must be at most \(maxLength) characters (got \(trimmed.count))")
        }
        return trimmed
    }

    public static func number<T: Comparable & CustomStringConvertible>(_ value: T, field: String, in range: ClosedRange<T>) throws
        -> T
    {
        guard range.contains(value) else {
            throw ValidationError(field: field, "must be between \(range.lowerBound) and \(range.upperBound) (got \(value))")
        }
        return value
    }

    /// A list of short strings (genres, awards, …): each trimmed, blanks dropped, duplicates dropped
    /// case-insensitively keeping the first spelling, then counted.
    public static func stringList(_ values: [String]?, field: String, maxCount: Int, maxLength: Int) throws -> [String] {
        guard let values else { return [] }
        var seen = Set<String>()
        var result: [String] = []
        for (index, raw) in values.enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            if trimmed.count > maxLength {
                throw ValidationError(
                    field: "\(field)[\(index)]", "must be at most \(maxLength) characters (got \(trimmed.count))")
            }
            if seen.insert(trimmed.lowercased()).inserted { result.append(trimmed) }
        }
        if result.count > maxCount {
            throw ValidationError(field: field, "at most \(maxCount) allowed (got \(result.count))")
        }
        return result
    }

    /// An http(s) URL, as covers and photos are shown from it. Characters a URL never holds as
    /// typed (spaces, line breaks and other controls, quotes, angle brackets) are refused, so the
    /// text can stand in a page's attribute or a calendar's line as it is.
    public static func optionalURL(_ value: String?, field: String) throws -> String? {
        guard let text = try optionalText(value, field: field, maxLength: Limits.urlMaxLength) else { return nil }
        let refused: Set<Unicode.Scalar> = ["\"", "<", ">", "`", "{", "}", "|", "\\", "^"]
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || refused.contains($0) }) else {
            throw ValidationError(field: field, "must be an http or https URL (without spaces, quotes or angle brackets)")
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else {
            throw ValidationError(field: field, "must be an http or https URL")
        }
        return text
    }
}
