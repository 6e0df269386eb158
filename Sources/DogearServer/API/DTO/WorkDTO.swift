import Vapor

struct AuthorRef: Content, Equatable {
    let id: UUID
    let name: String
}

/// A catalog work as the API shows it, authors in cover order.
struct WorkDTO: Content {
    let id: UUID
    let title: String
    @Nullable var subtitle: String?
    let authors: [AuthorRef]
    @Nullable var description: String?
    @Nullable var firstPublishedYear: Int?
    @Nullable var originalLanguage: String?
    let genres: [String]
    @Nullable var series: String?
    @Nullable var seriesNumber: Double?
    let culturalThemes: [String]
    let contentWarnings: [String]
    let awards: [String]
    @Nullable var readingDifficulty: String?
    @Nullable var estimatedMinutes: Int?
    @Nullable var originCountry: String?
    @Nullable var translator: String?
    @Nullable var translatorNationality: String?
    let source: String
    let qualityScore: Int
    let reviewStatus: String
    let readersCount: Int
    @Nullable var averageRating: Double?
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
    @Nullable var isbn13: String?
    @Nullable var isbn10: String?
    /// The ISBN as typed, for display.
    @Nullable var isbn: String?
    @Nullable var pageCount: Int?
    @Nullable var format: String?
    @Nullable var publisher: String?
    @Nullable var publishedDate: String?
    @Nullable var editionTitle: String?
    @Nullable var language: String?
    @Nullable var coverUrl: String?
    @Nullable var previewUrl: String?
    @Nullable var infoUrl: String?
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
