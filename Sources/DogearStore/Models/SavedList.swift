import FluentKit
import Foundation

/// Another reader's public list that a reader keeps among their lists; it follows the owner's
/// changes and is gone (404) when the owner makes it private or deletes it.
package final class SavedList: Model, @unchecked Sendable {
    package static let schema = "saved_lists"

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // relationships
    @Parent(key: "user_id") package var user: User
    @Parent(key: "list_id") package var list: ReadingList

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _user, _list]
    }

    package init() {}

    package init(userID: UUID, listID: UUID) {
        self.$user.id = userID
        self.$list.id = listID
    }
}
