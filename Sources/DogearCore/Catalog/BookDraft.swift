import Foundation

/// A book as a person, an app or an importer describes it, before validation: every field optional
/// and loose. `validated()` turns it into a `ValidBook` or says which field is wrong.
public struct BookDraft: Codable, Sendable, Equatable {
    public var title: String?
    public var subtitle: String?
    public var authors: [String]?
    public var isbn: String?
    public var pageCount: Int?
    public var publisher: String?
    public var publishedDate: String?
    public var format: String?
    public var language: String?
    public var description: String?
    public var genres: [String]?
    public var series: String?
    public var seriesNumber: Double?
    public var editionTitle: String?
    public var coverUrl: String?
    public var previewUrl: String?
    public var infoUrl: String?
    /// `{"openLibraryWork": ["OL27448W"], "goodreads": ["3462"], …}`.
    public var externalIds: [String: [String]]?
    public var firstPublishedYear: Int?
    public var originalLanguage: String?
    public var culturalThemes: [String]?
    public var contentWarnings: [String]?
    public var awards: [String]?
    public var readingDifficulty: String?
    public var estimatedMinutes: Int?
    public var originCountry: String?
    public var translator: String?
    public var translatorNationality: String?

    public init(title: String? = nil, authors: [String]? = nil, isbn: String? = nil, pageCount: Int? = nil) {
        self.title = title
        self.authors = authors
        self.isbn = isbn
        self.pageCount = pageCount
    }

    public func validated(source: CatalogSource = .manual) throws -> ValidBook {
        let title = try Validate.text(title ?? "", field: "title", length: Limits.titleLength)
        var authorNames: [String] = []
        for (index, raw) in (authors ?? []).enumerated() {
            let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if name.isEmpty { continue }
            guard name.count <= Limits.authorNameLength.upperBound else {
                throw ValidationError(
                    field: "authors[\(index)]", "must be at most \(Limits.authorNameLength.upperBound) characters")
            }
            if !authorNames.contains(name) { authorNames.append(name) }
        }
        guard authorNames.count <= Limits.authorsPerWork else {
            throw ValidationError(field: "authors", "at most \(Limits.authorsPerWork) authors (got \(authorNames.count))")
        }
        var parsedISBN: ISBN?
        if let raw = isbn, !raw.trimmingCharacters(in: .whitespaces).isEmpty {
            do { parsedISBN = try ISBN(raw) } catch { throw ValidationError(field: "isbn", error.description) }
        }
        if let pageCount { _ = try Validate.number(pageCount, field: "pageCount", in: Limits.pageCount) }
        if let firstPublishedYear { _ = try Validate.number(firstPublishedYear, field: "firstPublishedYear", in: -3000...3000) }
        if let estimatedMinutes { _ = try Validate.number(estimatedMinutes, field: "estimatedMinutes", in: 1...100_000) }
        if let seriesNumber {
            guard seriesNumber.isFinite, seriesNumber >= 0, seriesNumber <= 100_000 else {
                throw ValidationError(field: "seriesNumber", "must be a number from 0 to 100000")
            }
        }
        let short = Limits.shortTextMaxLength
        return ValidBook(
            title: title,
            subtitle: try Validate.optionalText(subtitle, field: "subtitle", maxLength: Limits.subtitleMaxLength),
            authors: authorNames,
            isbn: parsedISBN,
            pageCount: pageCount,
            publisher: try Validate.optionalText(publisher, field: "publisher", maxLength: Limits.publisherMaxLength),
            publishedDate: try PublicationDate.validate(publishedDate, field: "publishedDate"),
            format: try format.map { try EditionFormat.parse($0, field: "format") },
            language: try Validate.optionalText(language, field: "language", maxLength: 35),
            description: try Validate.optionalText(description, field: "description", maxLength: Limits.descriptionMaxLength),
            genres: try Validate.stringList(
                genres, field: "genres", maxCount: Limits.genresPerWork, maxLength: Limits.genreMaxLength),
            series: try Validate.optionalText(series, field: "series", maxLength: Limits.seriesNameMaxLength),
            seriesNumber: seriesNumber,
            editionTitle: try Validate.optionalText(
                editionTitle, field: "editionTitle", maxLength: Limits.titleLength.upperBound),
            coverUrl: try Validate.optionalURL(coverUrl, field: "coverUrl"),
            previewUrl: try Validate.optionalURL(previewUrl, field: "previewUrl"),
            infoUrl: try Validate.optionalURL(infoUrl, field: "infoUrl"),
            externalIds: try ExternalIDKind.validate(externalIds),
            firstPublishedYear: firstPublishedYear,
            originalLanguage: try Validate.optionalText(originalLanguage, field: "originalLanguage", maxLength: 35),
            culturalThemes: try Validate.stringList(
                culturalThemes, field: "culturalThemes", maxCount: Limits.listFieldItems, maxLength: short),
            contentWarnings: try Validate.stringList(
                contentWarnings, field: "contentWarnings", maxCount: Limits.listFieldItems, maxLength: short),
            awards: try Validate.stringList(awards, field: "awards", maxCount: Limits.listFieldItems, maxLength: short),
            readingDifficulty: try readingDifficulty.map { try ReadingDifficulty.parse($0, field: "readingDifficulty") },
            estimatedMinutes: estimatedMinutes,
            originCountry: try Validate.optionalText(originCountry, field: "originCountry", maxLength: short),
            translator: try Validate.optionalText(translator, field: "translator", maxLength: short),
            translatorNationality: try Validate.optionalText(
                translatorNationality, field: "translatorNationality", maxLength: short),
            source: source)
    }
}

/// A book whose every field has passed the catalog's rules (lengths and counts in `Limits`, ISBN
/// check digits, dates as yyyy, yyyy-MM or yyyy-MM-dd, http(s) links).
public struct ValidBook: Sendable, Equatable {
    public var title: String
    public var subtitle: String?
    public var authors: [String]
    public var isbn: ISBN?
    public var pageCount: Int?
    public var publisher: String?
    public var publishedDate: String?
    public var format: EditionFormat?
    public var language: String?
    public var description: String?
    public var genres: [String]
    public var series: String?
    public var seriesNumber: Double?
    public var editionTitle: String?
    public var coverUrl: String?
    public var previewUrl: String?
    public var infoUrl: String?
    public var externalIds: [ExternalIDKind: [String]]
    public var firstPublishedYear: Int?
    public var originalLanguage: String?
    public var culturalThemes: [String]
    public var contentWarnings: [String]
    public var awards: [String]
    public var readingDifficulty: ReadingDifficulty?
    public var estimatedMinutes: Int?
    public var originCountry: String?
    public var translator: String?
    public var translatorNationality: String?
    public var source: CatalogSource

    /// Whether any field belongs to a particular edition rather than to the work.
    public var hasEditionFacts: Bool {
        isbn != nil || pageCount != nil || publisher != nil || publishedDate != nil || format != nil
            || language != nil || editionTitle != nil || coverUrl != nil || previewUrl != nil || infoUrl != nil
            || externalIds[.openLibraryEdition] != nil
    }

    /// 0–100: how complete the catalog record is, so enrichment knows what to improve first.
    public var qualityScore: Int {
        let checks: [(Bool, Int)] = [
            (true, 10),  // title
            (!authors.isEmpty, 15),
            (isbn != nil, 15),
            (pageCount != nil, 10),
            (description != nil, 15),
            (coverUrl != nil, 10),
            (publisher != nil, 5),
            (publishedDate != nil || firstPublishedYear != nil, 5),
            (!genres.isEmpty, 10),
            (language != nil || originalLanguage != nil, 5),
        ]
        return checks.reduce(0) { $0 + ($1.0 ? $1.1 : 0) }
    }
}
