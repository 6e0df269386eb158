import Foundation

/// The catalog fields any signed-in reader may fill in or correct (the cultural fields), how
/// each is checked, and how its value is written down in the catalog history, so a change can be
/// listed and reverted whatever the field's type.
public enum CatalogFact: String, CaseIterable, Sendable {
    // An author's.
    case nationality, gender, culturalRegion, birthYear, deathYear
    // A work's.
    case originalLanguage, originCountry, translator, translatorNationality, contentWarnings, readingDifficulty,
        estimatedMinutes

    public enum Record: String, Codable, CaseIterable, Sendable {
        case author, work
    }

    public var record: Record {
        switch self {
        case .nationality, .gender, .culturalRegion, .birthYear, .deathYear: return .author
        default: return .work
        }
    }

    public static func facts(of record: Record) -> [CatalogFact] { allCases.filter { $0.record == record } }

    /// A fact's value: words, a whole number or a list of words.
    public enum Value: Equatable, Sendable {
        case text(String)
        case number(Int)
        case list([String])

        /// As the history keeps it: the text, the number in digits, a list as a JSON array.
        public var stored: String {
            switch self {
            case .text(let text): return text
            case .number(let number): return String(number)
            case .list(let items):
                let data = (try? JSONEncoder().encode(items)) ?? Data("[]".utf8)
                return String(decoding: data, as: UTF8.self)
            }
        }

        /// "grief, war" for a list; the stored form otherwise.
        public var display: String {
            if case .list(let items) = self { return items.joined(separator: ", ") }
            return stored
        }
    }

    public enum Kind: Equatable, Sendable {
        case text(maxLength: Int)
        case choice([String])
        case number(ClosedRange<Int>)
        case list
    }

    public var kind: Kind {
        switch self {
        case .nationality, .originCountry, .translatorNationality: return .text(maxLength: 100)
        case .translator: return .text(maxLength: 200)
        // A BCP 47 tag ("pt-BR") or a name ("Portuguese", as LibraryThing writes it).
        case .originalLanguage: return .text(maxLength: 35)
        case .gender: return .choice(AuthorGender.allCases.map(\.rawValue))
        case .culturalRegion: return .choice(CulturalRegion.allCases.map(\.rawValue))
        case .readingDifficulty: return .choice(ReadingDifficulty.allCases.map(\.rawValue))
        // Homer and Sappho have years before the common era.
        case .birthYear, .deathYear: return .number(-3000...2200)
        case .estimatedMinutes: return .number(1...100_000)
        case .contentWarnings: return .list
        }
    }

    public static let maxListItems = 20
    public static let maxListItemLength = 50

    /// The value as typed, checked and tidied: text trimmed (blank clears), a choice one of its
    /// values, a number in its range, a list trimmed, without blanks or repeats. nil clears.
    public func check(_ value: Value?) throws -> Value? {
        guard let value else { return nil }
        switch (kind, value) {
        case (.text(let maxLength), .text(let raw)):
            let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return nil }
            guard text.count <= maxLength else {
                throw ValidationError(field: rawValue, "must be at most \(maxLength) characters")
            }
            return .text(text)
        case (.choice(let allowed), .text(let raw)):
            let text = raw.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return nil }
            guard allowed.contains(text) else {
                throw ValidationError(field: rawValue, "'\(text)' is not one of: \(allowed.joined(separator: ", "))")
            }
            return .text(text)
        case (.number(let range), .number(let number)):
            guard range.contains(number) else {
                throw ValidationError(
                    field: rawValue, "must be between \(range.lowerBound) and \(range.upperBound); got \(number)")
            }
            return .number(number)
        case (.list, .list(let items)):
            var seen = Set<String>()
            var kept: [String] = []
            for item in items.map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) }) where !item.isEmpty {
                guard item.count <= Self.maxListItemLength else {
                    throw ValidationError(field: rawValue, "each must be at most \(Self.maxListItemLength) characters")
                }
                if seen.insert(item.lowercased()).inserted { kept.append(item) }
            }
            guard kept.count <= Self.maxListItems else {
                throw ValidationError(field: rawValue, "at most \(Self.maxListItems); got \(kept.count)")
            }
            return kept.isEmpty ? nil : .list(kept)
        case (.number, _):
            throw ValidationError(field: rawValue, "must be a whole number")
        case (.list, _):
            throw ValidationError(field: rawValue, "must be a list of words")
        default:
            throw ValidationError(field: rawValue, "must be text")
        }
    }

    /// A value as a form sends it (always text): a number read from digits, a list split at commas.
    public func parse(typed raw: String) throws -> Value? {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        switch kind {
        case .number:
            guard let number = Int(text) else { throw ValidationError(field: rawValue, "must be a whole number; got \(text)") }
            return try check(.number(number))
        case .list: return try check(.list(text.split(separator: ",").map(String.init)))
        case .text, .choice: return try check(.text(text))
        }
    }

    /// A value read back from the history (to revert to it).
    public func value(stored: String?) -> Value? {
        guard let stored else { return nil }
        switch kind {
        case .number: return Int(stored).map(Value.number)
        case .list: return (try? JSONDecoder().decode([String].self, from: Data(stored.utf8))).map(Value.list)
        case .text, .choice: return .text(stored)
        }
    }

    /// An author's facts together: death comes no earlier than birth.
    public static func checkLifespan(birthYear: Int?, deathYear: Int?) throws {
        if let birthYear, let deathYear, deathYear < birthYear {
            throw ValidationError(field: CatalogFact.deathYear.rawValue, "must not be before the birth year (\(birthYear))")
        }
    }
}
