import Fluent
import Foundation

/// A session: a bearer token for the API or the web's session cookie. Only its SHA-256 is stored;
/// sign-out deletes the row, and so does its end (`SessionLifetime`).
final class UserToken: Model, @unchecked Sendable {
    static let schema = "user_tokens"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    @Field(key: "token_hash") var tokenHash: String
    /// The device it was made on, as its browser or app named itself.
    @OptionalField(key: "user_agent") var userAgent: String?
    /// Recorded at most once a minute (`SessionLifetime.touchEvery`).
    @OptionalField(key: "last_used_at") var lastUsedAt: Date?

    // MARK: relationships
    @Parent(key: "user_id") var user: User

    init() {}

    init(userID: UUID, tokenHash: String) {
        self.$user.id = userID
        self.tokenHash = tokenHash
    }
}
