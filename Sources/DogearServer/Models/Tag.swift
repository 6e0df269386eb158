import DogearCore
import Fluent
import Foundation

/// A user's tag. `key` is the lower-case identity, `display` the spelling first typed.
final class Tag: Model, @unchecked Sendable {
    static let schema = "tags"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    @Field(key: "key") var key: String
    @Field(key: "display") var display: String

    // MARK: relationships
    @Parent(key: "user_id") var user: User

    init() {}

    init(userID: UUID, key: String, display: String) {
        self.$user.id = userID
        self.key = key
        self.display = display
    }
}

extension Tag {
    /// A reader's new tags from an import, all at once (`BulkInsert`).
    struct BulkRow: Sendable {
        let id: UUID
        let userID: UUID
        let name: TagName
        let now: Date
    }

    static let bulk = BulkTable<BulkRow>(
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
