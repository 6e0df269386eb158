import DogearCore
import Foundation

/// The statistics of a set of finishes that add up across disjoint sets: sums, counts by name, the
/// months and years, and each named book's best candidate. `StatsQuery.figures()` reads them for a
/// range; all time merges one per year (`StatsYearFigures`), which is why nothing here is an
/// average, a share or a top ten until `StatsService` reads it.
package struct StatsFigures: Codable, Equatable {
    /// Raised when a field changes meaning, so stored figures of an older shape are read again.
    /// 2: pages count the sessions' pages (migration 032).
    package static let currentFormat = 2

    package var format = Self.currentFormat
    package var overview = StatsQuery.Overview()
    package var months: [StatsReport.Period] = []
    package var years: [StatsReport.Period] = []
    package var facets = StatsQuery.Facets()
    /// Every genre with its books, most-read first.
    package var genres: [StatsReport.Count] = []
    /// Books with both languages and no translator, by `Translation`'s answer for their pair.
    package var translated: [Answer: Int] = [:]
    package var culturalGoal: [StatsReport.Count] = []
    /// shortest, longest, highestRated, first, last (`StatsQuery.namedBooks`).
    package var named: [String: StatsReport.BookRef] = [:]

    /// The figures of the union of disjoint sets of finishes (different years). Distinct books add up
    /// because each set counts a book only where its first finish ever lies.
    package static func merged(_ parts: [StatsFigures]) -> StatsFigures {
        guard parts.count != 1 else { return parts[0] }
        var merged = StatsFigures()
        for part in parts {
            merged.overview = merged.overview + part.overview
            merged.months += part.months
            merged.years += part.years
            merged.translated.merge(part.translated, uniquingKeysWith: +)
            for (kind, book) in part.named where merged.named[kind].map({ Self.isBetter(book, than: $0, as: kind) }) ?? true {
                merged.named[kind] = book
            }
        }
        merged.months.sort { $0.period < $1.period }
        merged.years.sort { $0.period < $1.period }
        merged.genres = ranked(parts.map(\.genres))
        merged.culturalGoal = ranked(parts.map(\.culturalGoal))
        merged.facets = StatsQuery.Facets(
            formats: ranked(parts.map(\.facets.formats)), gender: share(parts.map(\.facets.gender)),
            region: share(parts.map(\.facets.region)))
        return merged
    }

    /// Counts by name summed, most first, ties by name in code-point order (whatever order a
    /// database's collation gave them in).
    package static func ranked(_ lists: [[StatsReport.Count]]) -> [StatsReport.Count] {
        var books: [String: Int] = [:]
        for list in lists { for count in list { books[count.name, default: 0] += count.books } }
        return ranked(books)
    }

    /// Books by name, most first, ties by name: the one order every count list is given in.
    package static func ranked(_ books: [String: Int]) -> [StatsReport.Count] {
        books.map { StatsReport.Count(name: $0.key, books: $0.value) }.sorted { ($0.books, $1.name) > ($1.books, $0.name) }
    }

    private static func share(_ shares: [StatsReport.Share]) -> StatsReport.Share {
        var books: [String: Int] = [:]
        for share in shares { for count in share.counts { books[count.name, default: 0] += count.books } }
        return StatsQuery.share(books, unknown: shares.reduce(0) { $0 + $1.unknown })
    }

    /// The diversity answers: the first authors' shares, and the yes/no questions with a named
    /// translator counted yes and a missing language unknown beside what the language pairs said.
    package var diversity: StatsReport.Diversity {
        StatsReport.Diversity(
            authorGender: facets.gender, culturalRegion: facets.region,
            translated: StatsQuery.yesNo(
                translated.merging([.yes: overview.translatorNamed, .unknown: overview.languageMissing], uniquingKeysWith: +)),
            marginalisedVoices: StatsQuery.yesNo(overview.marginalised),
            indigenousAuthors: StatsQuery.yesNo(overview.indigenous), culturalGoal: culturalGoal)
    }

    /// The orders `StatsQuery.namedBooks` picks by, ties by title (code-point order there too).
    package static func isBetter(_ book: StatsReport.BookRef, than other: StatsReport.BookRef, as kind: String) -> Bool {
        let pages = (book.pages ?? 0, other.pages ?? 0)
        let days = (book.date ?? "", other.date ?? "")
        let titleFirst = book.title < other.title
        switch kind {
        case "shortest": return pages.0 != pages.1 ? pages.0 < pages.1 : titleFirst
        case "longest": return pages.0 != pages.1 ? pages.0 > pages.1 : titleFirst
        case "highestRated":
            let ratings = (book.rating ?? 0, other.rating ?? 0)
            if ratings.0 != ratings.1 { return ratings.0 > ratings.1 }
            return days.0 != days.1 ? days.0 > days.1 : titleFirst
        case "first": return days.0 != days.1 ? days.0 < days.1 : titleFirst
        default: return days.0 != days.1 ? days.0 > days.1 : titleFirst
        }
    }
}

extension StatsQuery {
    /// Everything `StatsFigures` holds for this query's finishes.
    package func figures() async throws -> StatsFigures {
        let overview = try await overview()
        let periods = try await periods()
        return StatsFigures(
            overview: overview, months: periods.months, years: periods.years, facets: try await facets(),
            genres: StatsFigures.ranked([try await genres(limit: nil)]), translated: try await translatedByLanguages(),
            culturalGoal: StatsFigures.ranked([try await culturalGoal()]), named: try await namedBooks())
    }
}
