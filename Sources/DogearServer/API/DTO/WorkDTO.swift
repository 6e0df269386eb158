import Vapor

struct AuthorRef: Content, Equatable {
    let id: UUID
    let name: String
}

/// A catalog work as the API shows it, authors in cover order.
struct WorkDTO: Content {
    let id: UUID
    let title: String
    @Nullable var subtitle: String? = nil
    let authors: [AuthorRef]
    @Nullable var description: String? = nil
    @Nullable var firstPublishedYear: Int? = nil
    @Nullable var originalLanguage: String? = nil
    let genres: [String]
    @Nullable var series: String? = nil
    @Nullable var seriesNumber: Double? = nil
    let culturalThemes: [String]
    let contentWarnings: [String]
    let awards: [String]
    @Nullable var readingDifficulty: String? = nil
    @Nullable var estimatedMinutes: Int? = nil
    @Nullable var originCountry: String? = nil
    @Nullable var translator: String? = nil
    @Nullable var translatorNationality: String? = nil
    let source: String
    let qualityScore: Int
    let reviewStatus: String
    let readersCount: Int
    @Nullable var averageRating: Double? = nil
    let ratingsCount: Int
    /// `{"openLibraryWork": ["OL27448W"], …}`.
    let externalIds: [String: [String]]

    init(_ work: Work, authors: [AuthorRef], externalIds: [String: [String]] = [:]) throws {
        id = try work.requireID()
        title = work.title
        subtitle = work.subtitle
        self.authors = authors
        description = work.summary
        firstPublishedYear = work.firstPublishedYear
        originalLanguage = work.originalLanguage
        genres = work.genres
        series = work.seriesName
        seriesNumber = work.seriesNumber
        culturalThemes = work.culturalThemes
        contentWarnings = work.contentWarnings
        awards = work.awards
        readingDifficulty = work.readingDifficulty
        estimatedMinutes = work.estimatedMinutes
        originCountry = work.originCountry
        translator = work.translator
        translatorNationality = work.translatorNationality
        source = work.source
        qualityScore = work.qualityScore
        reviewStatus = work.reviewStatus
        readersCount = work.readersCount
        averageRating = work.averageRating
        ratingsCount = work.ratingsCount
        self.externalIds = externalIds
    }
}

struct EditionDTO: Content {
    let id: UUID
    @Nullable var isbn13: String? = nil
    @Nullable var isbn10: String? = nil
    /// The ISBN as typed, for display.
    @Nullable var isbn: String? = nil
    @Nullable var pageCount: Int? = nil
    @Nullable var format: String? = nil
    @Nullable var publisher: String? = nil
    @Nullable var publishedDate: String? = nil
    @Nullable var editionTitle: String? = nil
    @Nullable var language: String? = nil
    @Nullable var coverUrl: String? = nil
    @Nullable var previewUrl: String? = nil
    @Nullable var infoUrl: String? = nil
    let externalIds: [String: [String]]

    init(_ edition: Edition, externalIds: [String: [String]] = [:]) throws {
        id = try edition.requireID()
        isbn13 = edition.isbn13
        isbn10 = edition.isbn10
        isbn = edition.isbnDisplay ?? edition.isbn13 ?? edition.isbn10
        pageCount = edition.pageCount
        format = edition.format
        publisher = edition.publisher
        publishedDate = edition.publishedDate
        editionTitle = edition.editionTitle
        language = edition.language
        coverUrl = edition.coverURL
        previewUrl = edition.previewURL
        infoUrl = edition.infoURL
        self.externalIds = externalIds
    }
}
