import Fluent
import Foundation

final class EntryTag: Model, @unchecked Sendable {
    static let schema = "entry_tags"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: relationships
    @Parent(key: "entry_id") var entry: LibraryEntry
    @Parent(key: "tag_id") var tag: Tag

    init() {}

    init(entryID: UUID, tagID: UUID) {
        self.$entry.id = entryID
        self.$tag.id = tagID
    }
}

extension EntryTag {
    /// Tag links of imported entries, all at once (`BulkInsert`).
    struct BulkRow: Sendable {
        let entryID: UUID
        let tagID: UUID
        let now: Date
    }

    static let bulk = BulkTable<BulkRow>(
        "entry_tags",
        [
            .init("id", .uuid) { _ in .uuid(UUID.timeOrdered()) },
            .init("entry_id", .uuid) { .uuid($0.entryID) },
            .init("tag_id", .uuid) { .uuid($0.tagID) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
