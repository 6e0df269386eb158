import Fluent
import Foundation

/// Another edition of an entry's book that the reader has (`CreateEntryEditions`).
final class EntryEdition: Model, @unchecked Sendable {
    static let schema = "entry_editions"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    /// The reader's rating of this edition, when it differs from the entry's (Goodreads rates rows).
    @OptionalField(key: "rating") var rating: Int?
    @OptionalField(key: "date_read") var dateRead: String?
    /// The source's own id of the row (a Goodreads Book Id), given back on export.
    @OptionalField(key: "source_id") var sourceID: String?

    // MARK: relationships
    @Parent(key: "entry_id") var entry: LibraryEntry
    @Parent(key: "edition_id") var edition: Edition

    init() {}
}

extension EntryEdition {
    /// What an import row says of an edition that is not its entry's own.
    struct Planned: Sendable {
        let editionID: UUID
        let rating: Int?
        let dateRead: String?
        let sourceID: String?
    }

    struct BulkRow: Sendable {
        let entryID: UUID
        let planned: Planned
        let now: Date
    }

    static let bulk = BulkTable<BulkRow>(
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
