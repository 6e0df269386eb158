import FluentKit
import Foundation

/// Another edition of an entry's book that the reader has (`CreateEntryEditions`).
package final class EntryEdition: Model, @unchecked Sendable {
    package static let schema = "entry_editions"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    /// The reader's rating of this edition, when it differs from the entry's (Goodreads rates rows).
    @OptionalField(key: "rating") package var rating: Int?
    @OptionalField(key: "date_read") package var dateRead: String?
    /// The source's own id of the row (a Goodreads Book Id), given back on export.
    @OptionalField(key: "source_id") package var sourceID: String?

    // MARK: relationships
    @Parent(key: "entry_id") package var entry: LibraryEntry
    @Parent(key: "edition_id") package var edition: Edition

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _rating, _dateRead, _sourceID, _entry, _edition]
    }

    package init() {}
}

extension EntryEdition {
    /// What an import row says of an edition that is not its entry's own.
    package struct Planned: Sendable {
        package let editionID: UUID
        package let rating: Int?
        package let dateRead: String?
        package let sourceID: String?

        package init(editionID: UUID, rating: Int? = nil, dateRead: String? = nil, sourceID: String? = nil) {
            self.editionID = editionID
            self.rating = rating
            self.dateRead = dateRead
            self.sourceID = sourceID
        }
    }

    package struct BulkRow: Sendable {
        package let entryID: UUID
        package let planned: Planned
        package let now: Date

        package init(entryID: UUID, planned: Planned, now: Date) {
            self.entryID = entryID
            self.planned = planned
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
        "entry_editions",
        [
            .init("id", .uuid) { _ in .uuid(UUID.timeOrdered()) },
            .init("entry_id", .uuid) { .uuid($0.entryID) },
            .init("edition_id", .uuid) { .uuid($0.planned.editionID) },
            .init("rating", .int) { .int($0.planned.rating) },
            .init("date_read", .text) { .text($0.planned.dateRead) },
            .init("source_id", .text) { .text($0.planned.sourceID) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
