import DogearCore

/// The catalog's enums in a reader's words, one place for every page and chart.
public enum CatalogWords {
    /// A raw value of any of the catalog's enums ("nonBinary", "northAmerica", "massMarket") in
    /// words; anything else with its first letter capitalised.
    public static func label(_ raw: String) -> String {
        if let gender = AuthorGender(rawValue: raw) { return gender.label }
        if let region = CulturalRegion(rawValue: raw) { return region.label }
        if let format = EditionFormat(rawValue: raw) { return format.label }
        return raw.prefix(1).uppercased() + raw.dropFirst()
    }
}

extension EditionFormat {
    public var label: String {
        switch self {
        case .hardcover: return "Hardcover"
        case .paperback: return "Paperback"
        case .massMarket: return "Mass-market paperback"
        case .ebook: return "Ebook"
        case .audiobook: return "Audiobook"
        }
    }
}

extension AuthorGender {
    public var label: String {
        switch self {
        case .female: return "Female"
        case .male: return "Male"
        case .nonBinary: return "Non-binary"
        case .other: return "Other"
        case .unknown: return "Unknown"
        }
    }
}

extension CulturalRegion {
    public var label: String {
        switch self {
        case .africa: return "Africa"
        case .asia: return "Asia"
        case .europe: return "Europe"
        case .northAmerica: return "North America"
        case .southAmerica: return "South America"
        case .oceania: return "Oceania"
        case .middleEast: return "Middle East"
        case .caribbean: return "Caribbean"
        case .centralAsia: return "Central Asia"
        case .indigenous: return "Indigenous"
        case .international: return "International"
        }
    }
}
