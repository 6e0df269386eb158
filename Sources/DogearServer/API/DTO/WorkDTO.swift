import DogearStore
import Vapor

extension AuthorRef: Content {}

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
    /// Its title came from Open Library or Google Books; false for a book only readers described
    /// (shown to others as unverified).
    let verified: Bool
    let qualityScore: Int
    let reviewStatus: String
    let readersCount: Int
    @Nullable var averageRating: Double? = nil
    let ratingsCount: Int
    /// `{"openLibraryWork": ["OL27448W"], …}`.
    let externalIds: [String: [String]]
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
}
