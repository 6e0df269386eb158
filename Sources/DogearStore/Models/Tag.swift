import DogearCore
import FluentKit
import Foundation

/// A user's tag. `key` is the lower-case identity, `display` the spelling first typed.
package final class Tag: Model, @unchecked Sendable {
    package static let schema = "tags"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @Field(key: "key") package var key: String
    @Field(key: "display") package var display: String

    // MARK: relationships
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _key, _display, _user]
    }

    package init() {}

    package init(userID: UUID, key: String, display: String) {
        self.$user.id = userID
        self.key = key
        self.display = display
    }
}

extension Tag {
    /// A reader's new tags from an import, all at once (`BulkInsert`).
    package struct BulkRow: Sendable {
        package let id: UUID
        package let userID: UUID
        package let name: TagName
        package let now: Date

        package init(id: UUID, userID: UUID, name: TagName, now: Date) {
            self.id = id
            self.userID = userID
            self.name = name
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
        "tags",
        [
            .init("id", .uuid) { .uuid($0.id) },
            .init("user_id", .uuid) { .uuid($0.userID) },
            .init("key", .text) { .text($0.name.key) },
            .init("display", .text) { .text($0.name.display) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
