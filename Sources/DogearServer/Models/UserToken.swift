import Fluent
import Foundation

/// A bearer token for the API. Only its SHA-256 is stored; sign-out deletes the row.
final class UserToken: Model, @unchecked Sendable {
    static let schema = "user_tokens"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    @Field(key: "token_hash") var tokenHash: String

    // MARK: relationships
    @Parent(key: "user_id") var user: User

    init() {}

    init(userID: UUID, tokenHash: String) {
        self.$user.id = userID
        self.tokenHash = tokenHash
    }
}
