import Foundation

/// A publication date as sources give it: `yyyy`, `yyyy-MM` or `yyyy-MM-dd`.
public enum PublicationDate {
    public static func validate(_ raw: String?, field: String) throws -> String? {
        guard let raw else { return nil }
        let text = raw.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let shapeOK =
            parts.count <= 3
            && parts.first?.count == 4
            && parts.dropFirst().allSatisfy { $0.count == 2 }
            && parts.allSatisfy { $0.allSatisfy(\.isASCIIDigit) }
        guard shapeOK else {
            throw ValidationError(field: field, "use yyyy, yyyy-MM or yyyy-MM-dd (got '\(text)')")
        }
        if parts.count == 3 {
            guard LocalDate(text) != nil else { throw ValidationError(field: field, "'\(text)' is not a real date") }
        } else if parts.count == 2 {
            guard let month = Int(parts[1]), (1...12).contains(month) else {
                throw ValidationError(field: field, "'\(text)' has no such month")
            }
        }
        return text
    }
}

extension PublicationDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Turns the free text sources use ("2013", "March 2013", "Mar 05, 2013", "5 May 2013",
    /// "2012-11-22") into `yyyy`, `yyyy-MM` or `yyyy-MM-dd`; nil when no year can be found.
    public static func normalise(_ raw: String) -> String? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if let valid = try? validate(text, field: "date") { return valid }
        // ISO timestamps such as 2019-10-03T00:00:00+02:00: the date part.
        for length in [10, 7] where text.count > length {
            if let valid = try? validate(String(text.prefix(length)), field: "date") { return valid }
        }
        let words = text.lowercased()
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map(String.init)
        // A year may be glued to letters, as in "c1999." (circa).
        let digitRuns = text.split(whereSeparator: { !$0.isASCIIDigit }).map(String.init)
        guard let year = digitRuns.first(where: { $0.count == 4 && Int($0).map { (1000...2999).contains($0) } == true }) else {
            return nil
        }
        guard let month = words.compactMap({ word in months.firstIndex(where: { word.hasPrefix($0) }) }).first else {
            return year
        }
        let day = words.first { $0.count <= 2 && Int($0).map { (1...31).contains($0) } == true }
        let yearMonth = "\(year)-" + String(format: "%02d", month + 1)
        if let day, let value = Int(day), LocalDate(year: Int(year)!, month: month + 1, day: value) != nil {
            return yearMonth + String(format: "-%02d", value)
        }
        return yearMonth
    }

    /// The year of a free-text date.
    public static func year(_ raw: String) -> Int? {
        normalise(raw).flatMap { Int($0.prefix(4)) }
    }
}
