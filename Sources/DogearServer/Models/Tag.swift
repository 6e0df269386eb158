import Fluent
import Foundation

/// A user's tag. `key` is the lower-case identity, `display` the spelling first typed.
final class Tag: Model, @unchecked Sendable {
    static let schema = "tags"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

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
