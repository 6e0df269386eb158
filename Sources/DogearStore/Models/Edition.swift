import FluentKit
import Foundation

/// One published form of a work: its ISBNs, publisher, pages, format.
package final class Edition: Model, @unchecked Sendable {
    package static let schema = "editions"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @OptionalField(key: "isbn13") package var isbn13: String?
    @OptionalField(key: "isbn10") package var isbn10: String?
    /// The ISBN as the user typed it, hyphens and all.
    @OptionalField(key: "isbn_display") package var isbnDisplay: String?
    @OptionalField(key: "publisher") package var publisher: String?
    @OptionalField(key: "published_date") package var publishedDate: String?
    @OptionalField(key: "page_count") package var pageCount: Int?
    @OptionalField(key: "format") package var format: String?
    @OptionalField(key: "edition_title") package var editionTitle: String?
    @OptionalField(key: "language") package var language: String?
    @OptionalField(key: "cover_url") package var coverURL: String?
    @OptionalField(key: "preview_url") package var previewURL: String?
    @OptionalField(key: "info_url") package var infoURL: String?
    /// Where the edition came from; nil for one made before it was kept (its work's source then).
    @OptionalField(key: "source") package var source: String?
    /// JSON: field → source, for the fields whose source is not the edition's (`Provenance`).
    @Field(key: "field_sources") package var fieldSourcesJSON: String

    // MARK: relationships
    @Parent(key: "work_id") package var work: Work

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [
            _id, _createdAt, _updatedAt, _isbn13, _isbn10, _isbnDisplay, _publisher, _publishedDate, _pageCount, _format,
            _editionTitle, _language, _coverURL, _previewURL, _infoURL, _source, _fieldSourcesJSON, _work,
        ]
    }

    package init() {}

    package init(workID: UUID) {
        self.$work.id = workID
        self.fieldSourcesJSON = "{}"
    }
}

extension Edition {
    package var fieldSources: [String: String] {
        get { FieldSources.decode(fieldSourcesJSON) }
        set { fieldSourcesJSON = FieldSources.encode(newValue) }
    }
}

/// The `field_sources` column's JSON.
package enum FieldSources {
    package static func decode(_ json: String) -> [String: String] {
        // Most rows name no sources of their own, and every entry a page shows reads its work's:
        // an empty object is not worth a decoder.
        guard json != "{}", !json.isEmpty else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))) ?? [:]
    }

    package static func encode(_ fields: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
