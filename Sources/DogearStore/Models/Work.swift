import DogearCore
import FluentKit
import Foundation

/// A book as an idea, shared by every user's library.
package final class Work: Model, @unchecked Sendable {
    package static let schema = "works"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @Field(key: "title") package var title: String
    @OptionalField(key: "subtitle") package var subtitle: String?
    @OptionalField(key: "description") package var summary: String?
    @OptionalField(key: "first_published_year") package var firstPublishedYear: Int?
    @OptionalField(key: "original_language") package var originalLanguage: String?
    @Field(key: "genres") package var genres: [String]
    @OptionalField(key: "series_name") package var seriesName: String?
    @OptionalField(key: "series_number") package var seriesNumber: Double?
    @Field(key: "cultural_themes") package var culturalThemes: [String]
    @Field(key: "content_warnings") package var contentWarnings: [String]
    @Field(key: "awards") package var awards: [String]
    @OptionalField(key: "reading_difficulty") package var readingDifficulty: String?
    @OptionalField(key: "estimated_minutes") package var estimatedMinutes: Int?
    @OptionalField(key: "origin_country") package var originCountry: String?
    @OptionalField(key: "translator") package var translator: String?
    @OptionalField(key: "translator_nationality") package var translatorNationality: String?
    @Field(key: "source") package var source: String
    /// JSON: field → source, for the fields whose source is not `source` (`Provenance`).
    @Field(key: "field_sources") package var fieldSourcesJSON: String
    @Field(key: "quality_score") package var qualityScore: Int
    @OptionalField(key: "last_enriched_at") package var lastEnrichedAt: Date?
    @Field(key: "review_status") package var reviewStatus: String
    @Field(key: "readers_count") package var readersCount: Int
    @OptionalField(key: "average_rating") package var averageRating: Double?
    @Field(key: "ratings_count") package var ratingsCount: Int

    // MARK: relationships
    @Children(for: \.$work) package var editions: [Edition]

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [
            _id, _createdAt, _updatedAt, _title, _subtitle, _summary, _firstPublishedYear, _originalLanguage, _genres,
            _seriesName, _seriesNumber, _culturalThemes, _contentWarnings, _awards, _readingDifficulty, _estimatedMinutes,
            _originCountry, _translator, _translatorNationality, _source, _fieldSourcesJSON, _qualityScore, _lastEnrichedAt,
            _reviewStatus, _readersCount, _averageRating, _ratingsCount, _editions,
        ]
    }

    package init() {}

    package init(title: String, source: CatalogSource) {
        self.title = title
        self.genres = []
        self.culturalThemes = []
        self.contentWarnings = []
        self.awards = []
        self.source = source.rawValue
        self.fieldSourcesJSON = "{}"
        self.qualityScore = 0
        self.reviewStatus = ReviewStatus.verified.rawValue
        self.readersCount = 0
        self.ratingsCount = 0
    }
}

extension Work {
    package var fieldSources: [String: String] {
        get { FieldSources.decode(fieldSourcesJSON) }
        set { fieldSourcesJSON = FieldSources.encode(newValue) }
    }

    /// Verified: its title came from Open Library or Google Books, not from a reader.
    package var isVerified: Bool {
        Provenance.isVerified(titleSource: Provenance.source(of: "title", in: fieldSources, record: source))
    }
}

extension Work {
    /// New works as an import writes them from its rows, all at once (`BulkInsert`).
    package struct BulkRow: Sendable {
        package let id: UUID
        package let book: ValidBook
        package let now: Date

        package init(id: UUID, book: ValidBook, now: Date) {
            self.id = id
            self.book = book
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
        "works",
        [
            .init("id", .uuid) { .uuid($0.id) },
            .init("title", .text) { .text($0.book.title) },
            .init("subtitle", .text) { .text($0.book.subtitle) },
            .init("description", .text) { .text($0.book.description) },
            .init("first_published_year", .int) { .int($0.book.firstPublishedYear) },
            .init("original_language", .text) { .text($0.book.originalLanguage) },
            .init("genres", .texts) { .texts($0.book.genres) },
            .init("series_name", .text) { .text($0.book.series) },
            .init("series_number", .double) { .double($0.book.seriesNumber) },
            .init("cultural_themes", .texts) { .texts($0.book.culturalThemes) },
            .init("content_warnings", .texts) { .texts($0.book.contentWarnings) },
            .init("awards", .texts) { .texts($0.book.awards) },
            .init("reading_difficulty", .text) { .text($0.book.readingDifficulty?.rawValue) },
            .init("estimated_minutes", .int) { .int($0.book.estimatedMinutes) },
            .init("origin_country", .text) { .text($0.book.originCountry) },
            .init("translator", .text) { .text($0.book.translator) },
            .init("translator_nationality", .text) { .text($0.book.translatorNationality) },
            .init("source", .text) { .text($0.book.source.rawValue) },
            .init("quality_score", .int) { .int($0.book.qualityScore) },
            .init("review_status", .text) { _ in .text(ReviewStatus.verified.rawValue) },
            .init("readers_count", .int) { _ in .int(0) },
            .init("ratings_count", .int) { _ in .int(0) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
