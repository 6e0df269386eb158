import Fluent
import Foundation

/// Another reader's public list that a reader keeps among their lists; it follows the owner's
/// changes and is gone (404) when the owner makes it private or deletes it.
final class SavedList: Model, @unchecked Sendable {
    static let schema = "saved_lists"

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // relationships
    @Parent(key: "user_id") var user: User
    @Parent(key: "list_id") var list: ReadingList

    init() {}

    init(userID: UUID, listID: UUID) {
        self.$user.id = userID
        self.$list.id = listID
    }
}
