import Fluent
import Foundation

final class Note: Model, @unchecked Sendable {
    static let schema = "notes"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

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
