import DogearTransfer
import FluentKit
import Foundation

package final class Note: Model, @unchecked Sendable {
    package static let schema = "notes"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @Field(key: "content") package var content: String
    /// Meant for a club's discussion of the book.
    @Field(key: "is_discussion") package var isDiscussion: Bool

    // MARK: relationships
    @Parent(key: "entry_id") package var entry: LibraryEntry
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _content, _isDiscussion, _entry, _user]
    }

    package init() {}

    package init(entryID: UUID, userID: UUID, content: String, isDiscussion: Bool) {
        self.$entry.id = entryID
        self.$user.id = userID
        self.content = content
        self.isDiscussion = isDiscussion
    }
}

extension Note {
    /// Imported notes, all at once (`BulkInsert`); `createdAt` is when the note was written (a
    /// backup keeps it), else the import's time.
    package struct BulkRow: Sendable {
        package let entryID: UUID
        package let userID: UUID
        package let note: ImportedNote
        package let now: Date
        package var createdAt: Date { note.createdAt ?? now }

        package init(entryID: UUID, userID: UUID, note: ImportedNote, now: Date) {
            self.entryID = entryID
            self.userID = userID
            self.note = note
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
        "notes",
        [
            .init("id", .uuid) { _ in .uuid(UUID.timeOrdered()) },
            .init("entry_id", .uuid) { .uuid($0.entryID) },
            .init("user_id", .uuid) { .uuid($0.userID) },
            .init("content", .text) { .text($0.note.content) },
            .init("is_discussion", .bool) { .bool($0.note.isDiscussion) },
            .init("created_at", .date) { .date($0.createdAt) },
            .init("updated_at", .date) { .date($0.createdAt) },
        ])
}
