import DogearCore
import Foundation

/// Reads and writes a cultural fact on the model that holds it, so the edit service and the revert
/// command handle every field the same way.
extension Author {
    package func fact(_ fact: CatalogFact) -> CatalogFact.Value? {
        switch fact {
        case .nationality: return nationality.map(CatalogFact.Value.text)
        case .gender: return gender.map(CatalogFact.Value.text)
        case .culturalRegion: return culturalRegion.map(CatalogFact.Value.text)
        case .birthYear: return birthYear.map(CatalogFact.Value.number)
        case .deathYear: return deathYear.map(CatalogFact.Value.number)
        default: return nil
        }
    }

    package func set(_ fact: CatalogFact, _ value: CatalogFact.Value?) {
        switch fact {
        case .nationality: nationality = value?.text
        case .gender: gender = value?.text
        case .culturalRegion: culturalRegion = value?.text
        case .birthYear: birthYear = value?.number
        case .deathYear: deathYear = value?.number
        default: break
        }
    }
}

extension Work {
    package func fact(_ fact: CatalogFact) -> CatalogFact.Value? {
        Self.fact(
            fact, originalLanguage: originalLanguage, originCountry: originCountry, translator: translator,
            translatorNationality: translatorNationality, contentWarnings: contentWarnings,
            readingDifficulty: readingDifficulty, estimatedMinutes: estimatedMinutes)
    }

    /// A work's fact from its fields, for the model and for `WorkRecord` (which carries them all).
    package static func fact(
        _ fact: CatalogFact, originalLanguage: String?, originCountry: String?, translator: String?,
        translatorNationality: String?, contentWarnings: [String], readingDifficulty: String?, estimatedMinutes: Int?
    ) -> CatalogFact.Value? {
        switch fact {
        case .originalLanguage: return originalLanguage.map(CatalogFact.Value.text)
        case .originCountry: return originCountry.map(CatalogFact.Value.text)
        case .translator: return translator.map(CatalogFact.Value.text)
        case .translatorNationality: return translatorNationality.map(CatalogFact.Value.text)
        case .contentWarnings: return contentWarnings.isEmpty ? nil : .list(contentWarnings)
        case .readingDifficulty: return readingDifficulty.map(CatalogFact.Value.text)
        case .estimatedMinutes: return estimatedMinutes.map(CatalogFact.Value.number)
        default: return nil
        }
    }

    package func set(_ fact: CatalogFact, _ value: CatalogFact.Value?) {
        switch fact {
        case .originalLanguage: originalLanguage = value?.text
        case .originCountry: originCountry = value?.text
        case .translator: translator = value?.text
        case .translatorNationality: translatorNationality = value?.text
        case .contentWarnings: contentWarnings = value?.list ?? []
        case .readingDifficulty: readingDifficulty = value?.text
        case .estimatedMinutes: estimatedMinutes = value?.number
        default: return
        }
        // A reader's value: a source's may replace it later (`Provenance`), as for any field readers type.
        var sources = fieldSources
        sources[fact.rawValue] = CatalogSource.manual.rawValue
        fieldSources = sources
    }
}

extension CatalogFact.Value {
    package var text: String? { if case .text(let text) = self { return text } else { return nil } }
    package var number: Int? { if case .number(let number) = self { return number } else { return nil } }
    package var list: [String]? { if case .list(let items) = self { return items } else { return nil } }
}

extension WorkRecord {
    /// The same facts as the work's model gives: the book page reads them from the entry it shows.
    package func fact(_ fact: CatalogFact) -> CatalogFact.Value? {
        Work.fact(
            fact, originalLanguage: originalLanguage, originCountry: originCountry, translator: translator,
            translatorNationality: translatorNationality, contentWarnings: contentWarnings,
            readingDifficulty: readingDifficulty, estimatedMinutes: estimatedMinutes)
    }
}
