import DogearCore
import Fluent
import Foundation

/// A book as an idea, shared by every user's library.
final class Work: Model, @unchecked Sendable {
    static let schema = "works"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    @Field(key: "title") var title: String
    @OptionalField(key: "subtitle") var subtitle: String?
    @OptionalField(key: "description") var summary: String?
    @OptionalField(key: "first_published_year") var firstPublishedYear: Int?
    @OptionalField(key: "original_language") var originalLanguage: String?
    @Field(key: "genres") var genres: [String]
    @OptionalField(key: "series_name") var seriesName: String?
    @OptionalField(key: "series_number") var seriesNumber: Double?
    @Field(key: "cultural_themes") var culturalThemes: [String]
    @Field(key: "content_warnings") var contentWarnings: [String]
    @Field(key: "awards") var awards: [String]
    @OptionalField(key: "reading_difficulty") var readingDifficulty: String?
    @OptionalField(key: "estimated_minutes") var estimatedMinutes: Int?
    @OptionalField(key: "origin_country") var originCountry: String?
    @OptionalField(key: "translator") var translator: String?
    @OptionalField(key: "translator_nationality") var translatorNationality: String?
    @Field(key: "source") var source: String
    /// JSON: field → source, for the fields whose source is not `source` (`Provenance`).
    @Field(key: "field_sources") var fieldSourcesJSON: String
    @Field(key: "quality_score") var qualityScore: Int
    @OptionalField(key: "last_enriched_at") var lastEnrichedAt: Date?
    @Field(key: "review_status") var reviewStatus: String
    @Field(key: "readers_count") var readersCount: Int
    @OptionalField(key: "average_rating") var averageRating: Double?
    @Field(key: "ratings_count") var ratingsCount: Int

    // MARK: relationships
    @Children(for: \.$work) var editions: [Edition]

    init() {}

    init(title: String, source: CatalogSource) {
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
    var fieldSources: [String: String] {
        get { FieldSources.decode(fieldSourcesJSON) }
        set { fieldSourcesJSON = FieldSources.encode(newValue) }
    }

    /// Verified: its title came from Open Library or Google Books, not from a reader.
    var isVerified: Bool { Provenance.isVerified(titleSource: Provenance.source(of: "title", in: fieldSources, record: source)) }
}

extension Work {
    /// New works as an import writes them from its rows, all at once (`BulkInsert`).
    struct BulkRow: Sendable {
        let id: UUID
        let book: ValidBook
        let now: Date
    }

    static let bulk = BulkTable<BulkRow>(
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
