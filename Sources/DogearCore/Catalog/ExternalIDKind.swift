/// The other catalogs whose identifiers Dogear keeps. A work may have several of one kind
/// (several Google Books volumes, Goodreads work IDs, ASINs).
public enum ExternalIDKind: String, Codable, CaseIterable, Sendable {
    case openLibraryWork, openLibraryEdition, openLibraryAuthor, googleBooks, goodreads, amazonASIN,
        libraryThing, isbndb, hardcover

    /// Edition-level identifiers; the rest belong to the work.
    public var isEditionLevel: Bool { self == .openLibraryEdition }

    /// Validates `{kind: [ids]}` as given by a client or a source: known kinds, trimmed non-empty
    /// ids of at most 64 characters, at most 20 per kind, duplicates dropped.
    public static func validate(_ raw: [String: [String]]?, field: String = "externalIds") throws -> [ExternalIDKind: [String]] {
        guard let raw else { return [:] }
        var result: [ExternalIDKind: [String]] = [:]
        for (key, values) in raw {
            let kind = try ExternalIDKind.parse(key, field: "\(field).\(key)")
            let ids = try Validate.stringList(values, field: "\(field).\(key)", maxCount: 20, maxLength: 64)
            if !ids.isEmpty { result[kind] = ids }
        }
        return result
    }
}
