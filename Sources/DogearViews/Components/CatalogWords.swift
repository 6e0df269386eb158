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

extension CatalogFact {
    /// The field's name on a form.
    public var label: String {
        switch self {
        case .nationality: return "Nationality"
        case .gender: return "Gender"
        case .culturalRegion: return "Cultural region"
        case .birthYear: return "Year of birth"
        case .deathYear: return "Year of death"
        case .originalLanguage: return "Original language"
        case .originCountry: return "Country of first publication"
        case .translator: return "Translator"
        case .translatorNationality: return "Translator's nationality"
        case .contentWarnings: return "Content warnings"
        case .readingDifficulty: return "Reading difficulty"
        case .estimatedMinutes: return "Estimated reading time (minutes)"
        }
    }

    /// A choice's options in words, "not known" first (its value empty: nothing recorded).
    public var options: [(String, String)]? {
        guard case .choice(let values) = kind else { return nil }
        return [("", "Not known")] + values.map { ($0, CatalogWords.label($0)) }
    }

    /// A value as the book page says it: a choice in words, a list with commas, minutes as hours.
    public func describe(_ value: CatalogFact.Value) -> String {
        switch (self, value) {
        case (.gender, .text(let raw)), (.culturalRegion, .text(let raw)), (.readingDifficulty, .text(let raw)):
            return CatalogWords.label(raw)
        case (.estimatedMinutes, .number(let minutes)):
            if minutes < 60 { return "\(minutes) minutes" }
            let hours = Double(minutes) / 60
            return hours.rounded() == hours ? "\(Int(hours)) hours" : "about \(String(format: "%.1f", hours)) hours"
        default: return value.display
        }
    }
}
