import DogearServices
import DogearStore
import Vapor

extension AuthorRef: Content {}

/// A catalog work as the API shows it, authors in cover order.
package struct WorkDTO: Content {
    package let id: UUID
    package let title: String
    @Nullable package var subtitle: String? = nil
    package let authors: [AuthorRef]
    @Nullable package var description: String? = nil
    @Nullable package var firstPublishedYear: Int? = nil
    @Nullable package var originalLanguage: String? = nil
    package let genres: [String]
    @Nullable package var series: String? = nil
    @Nullable package var seriesNumber: Double? = nil
    package let culturalThemes: [String]
    package let contentWarnings: [String]
    package let awards: [String]
    @Nullable package var readingDifficulty: String? = nil
    @Nullable package var estimatedMinutes: Int? = nil
    @Nullable package var originCountry: String? = nil
    @Nullable package var translator: String? = nil
    @Nullable package var translatorNationality: String? = nil
    package let source: String
    /// Its title came from Open Library or Google Books; false for a book only readers described
    /// (shown to others as unverified).
    package let verified: Bool
    package let qualityScore: Int
    package let reviewStatus: String
    package let readersCount: Int
    @Nullable package var averageRating: Double? = nil
    package let ratingsCount: Int
    /// `{"openLibraryWork": ["OL27448W"], …}`.
    package let externalIds: [String: [String]]
}

package struct EditionDTO: Content {
    package let id: UUID
    @Nullable package var isbn13: String? = nil
    @Nullable package var isbn10: String? = nil
    /// The ISBN as typed, for display.
    @Nullable package var isbn: String? = nil
    @Nullable package var pageCount: Int? = nil
    @Nullable package var format: String? = nil
    @Nullable package var publisher: String? = nil
    @Nullable package var publishedDate: String? = nil
    @Nullable package var editionTitle: String? = nil
    @Nullable package var language: String? = nil
    @Nullable package var coverUrl: String? = nil
    @Nullable package var previewUrl: String? = nil
    @Nullable package var infoUrl: String? = nil
    package let externalIds: [String: [String]]
}
