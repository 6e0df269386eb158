/// A publication date as sources give it: `yyyy`, `yyyy-MM` or `yyyy-MM-dd`.
public enum PublicationDate {
    public static func validate(_ raw: String?, field: String) throws -> String? {
        guard let raw else { return nil }
        let text = raw.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let shapeOK = parts.count <= 3
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
