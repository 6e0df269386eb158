import DogearCore
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
    /// `app` for a token made for an app or script; nil for a session.
    @OptionalField(key: "kind") var kind: String?
    @OptionalField(key: "name") var name: String?
    /// Space-separated `TokenScope`s of an app token.
    @OptionalField(key: "scopes") var scopes: String?
    @OptionalField(key: "expires_at") var expiresAt: Date?

    var isAppToken: Bool { kind == "app" }

    /// An app token's scopes; nil for a session (which may do everything).
    var scopeSet: Set<TokenScope>? {
        guard isAppToken else { return nil }
        return Set((scopes ?? "").split(separator: " ").compactMap { TokenScope(rawValue: String($0)) })
    }

    // MARK: relationships
    @Parent(key: "user_id") var user: User

    init() {}

    init(userID: UUID, tokenHash: String) {
        self.$user.id = userID
        self.tokenHash = tokenHash
    }
}
