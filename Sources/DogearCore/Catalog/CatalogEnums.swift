/// Physical or digital form of an edition.
public enum EditionFormat: String, Codable, CaseIterable, Sendable {
    case hardcover, paperback, massMarket, ebook, audiobook
}

public enum AuthorGender: String, Codable, CaseIterable, Sendable {
    case female, male, nonBinary, other, unknown
}

public enum CulturalRegion: String, Codable, CaseIterable, Sendable {
    case africa, asia, europe, northAmerica, southAmerica, oceania, middleEast, caribbean,
        centralAsia, indigenous, international
}

public enum ReadingDifficulty: String, Codable, CaseIterable, Sendable {
    case easy, moderate, challenging, academic
}

/// Where a work's facts came from.
public enum CatalogSource: String, Codable, CaseIterable, Sendable {
    case openLibrary, googleBooks, `import`, manual
}

/// Works proposed by a bookshelf scan wait as `pending` until a person confirms them.
public enum ReviewStatus: String, Codable, CaseIterable, Sendable {
    case verified, pending
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// Parses a raw value or throws a ValidationError listing the values allowed.
    public static func parse(_ raw: String, field: String) throws -> Self {
        if let value = Self(rawValue: raw) { return value }
        let allowed = allCases.map(\.rawValue).joined(separator: ", ")
        throw ValidationError(field: field, "'\(raw)' is not one of: \(allowed)")
    }
}
