import Fluent
import Foundation

final class EntryTag: Model, @unchecked Sendable {
    static let schema = "entry_tags"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    // MARK: relationships
    @Parent(key: "entry_id") var entry: LibraryEntry
    @Parent(key: "tag_id") var tag: Tag

    init() {}

    init(entryID: UUID, tagID: UUID) {
        self.$entry.id = entryID
        self.$tag.id = tagID
    }
}
