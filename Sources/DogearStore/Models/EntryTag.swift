import FluentKit
import Foundation

package final class EntryTag: Model, @unchecked Sendable {
    package static let schema = "entry_tags"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: relationships
    @Parent(key: "entry_id") package var entry: LibraryEntry
    @Parent(key: "tag_id") package var tag: Tag

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _entry, _tag]
    }

    package init() {}

    package init(entryID: UUID, tagID: UUID) {
        self.$entry.id = entryID
        self.$tag.id = tagID
    }
}

extension EntryTag {
    /// Tag links of imported entries, all at once (`BulkInsert`).
    package struct BulkRow: Sendable {
        package let entryID: UUID
        package let tagID: UUID
        package let now: Date

        package init(entryID: UUID, tagID: UUID, now: Date) {
            self.entryID = entryID
            self.tagID = tagID
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
        "entry_tags",
        [
            .init("id", .uuid) { _ in .uuid(UUID.timeOrdered()) },
            .init("entry_id", .uuid) { .uuid($0.entryID) },
            .init("tag_id", .uuid) { .uuid($0.tagID) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
