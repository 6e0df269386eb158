import Fluent
import Foundation

/// One published form of a work: its ISBNs, publisher, pages, format.
final class Edition: Model, @unchecked Sendable {
    static let schema = "editions"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    // MARK: data
    @OptionalField(key: "isbn13") var isbn13: String?
    @OptionalField(key: "isbn10") var isbn10: String?
    /// The ISBN as the user typed it, hyphens and all.
    @OptionalField(key: "isbn_display") var isbnDisplay: String?
    @OptionalField(key: "publisher") var publisher: String?
    @OptionalField(key: "published_date") var publishedDate: String?
    @OptionalField(key: "page_count") var pageCount: Int?
    @OptionalField(key: "format") var format: String?
    @OptionalField(key: "edition_title") var editionTitle: String?
    @OptionalField(key: "language") var language: String?
    @OptionalField(key: "cover_url") var coverURL: String?
    @OptionalField(key: "preview_url") var previewURL: String?
    @OptionalField(key: "info_url") var infoURL: String?

    // MARK: relationships
    @Parent(key: "work_id") var work: Work

    init() {}

    init(workID: UUID) {
        self.$work.id = workID
    }
}
