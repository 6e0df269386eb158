import DogearTransfer
import Fluent
import Foundation

final class Note: Model, @unchecked Sendable {
    static let schema = "notes"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    @Field(key: "content") var content: String
    /// Meant for a club's discussion of the book.
    @Field(key: "is_discussion") var isDiscussion: Bool

    // MARK: relationships
    @Parent(key: "entry_id") var entry: LibraryEntry
    @Parent(key: "user_id") var user: User

    init() {}

    init(entryID: UUID, userID: UUID, content: String, isDiscussion: Bool) {
        self.$entry.id = entryID
        self.$user.id = userID
        self.content = content
        self.isDiscussion = isDiscussion
    }
}

extension Note {
    /// Imported notes, all at once (`BulkInsert`); `createdAt` is when the note was written (a
    /// backup keeps it), else the import's time.
    struct BulkRow: Sendable {
        let entryID: UUID
        let userID: UUID
        let note: ImportedNote
        let now: Date
        var createdAt: Date { note.createdAt ?? now }
    }

    static let bulk = BulkTable<BulkRow>(
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
