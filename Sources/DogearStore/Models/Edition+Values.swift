import Foundation

extension Edition {
    /// A new edition as plain values: what an import makes for an ISBN the catalog lacks and writes
    /// with `BulkInsert` (`Edition.bulk`), without making a Fluent model per row (see
    /// `LibraryEntry.Values`). A book added by hand makes its model from the same values.
    package struct Values: Sendable, Equatable {
        package var id: UUID
        package var workID: UUID
        package var isbn13: String?
        package var isbn10: String?
        package var isbnDisplay: String?
        package var publisher: String?
        package var publishedDate: String?
        package var pageCount: Int?
        package var format: String?
        package var editionTitle: String?
        package var language: String?
        package var coverURL: String?
        package var previewURL: String?
        package var infoURL: String?
        package var source: String?

        package init(id: UUID, workID: UUID) {
            self.id = id
            self.workID = workID
        }
    }

    /// The model of these values, every column set.
    package convenience init(values: Values) {
        self.init(workID: values.workID)
        id = values.id
        isbn13 = values.isbn13
        isbn10 = values.isbn10
        isbnDisplay = values.isbnDisplay
        publisher = values.publisher
        publishedDate = values.publishedDate
        pageCount = values.pageCount
        format = values.format
        editionTitle = values.editionTitle
        language = values.language
        coverURL = values.coverURL
        previewURL = values.previewURL
        infoURL = values.infoURL
        source = values.source
    }

    /// New editions as an import writes them, all at once (`BulkInsert`).
    package struct BulkRow: Sendable {
        package let edition: Values
        package let now: Date

        package init(edition: Values, now: Date) {
            self.edition = edition
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
        "editions",
        [
            .init("id", .uuid) { .uuid($0.edition.id) },
            .init("work_id", .uuid) { .uuid($0.edition.workID) },
            .init("isbn13", .text) { .text($0.edition.isbn13) },
            .init("isbn10", .text) { .text($0.edition.isbn10) },
            .init("isbn_display", .text) { .text($0.edition.isbnDisplay) },
            .init("publisher", .text) { .text($0.edition.publisher) },
            .init("published_date", .text) { .text($0.edition.publishedDate) },
            .init("page_count", .int) { .int($0.edition.pageCount) },
            .init("format", .text) { .text($0.edition.format) },
            .init("edition_title", .text) { .text($0.edition.editionTitle) },
            .init("language", .text) { .text($0.edition.language) },
            .init("cover_url", .text) { .text($0.edition.coverURL) },
            .init("preview_url", .text) { .text($0.edition.previewURL) },
            .init("info_url", .text) { .text($0.edition.infoURL) },
            .init("source", .text) { .text($0.edition.source) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
