import Fluent
import Foundation

/// A one-time link sent to a reader: a password reset. The token itself is only in the mail (or
/// printed for the operator); the row keeps its SHA-256.
final class AccountLink: Model, @unchecked Sendable {
    static let schema = "account_links"

    enum Purpose: String, Codable, Sendable {
        case passwordReset
        /// An Apple or Google identity waiting for the account's password before it is linked.
        case identityLink
    }

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // data
    @Field(key: "purpose") var purpose: Purpose
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "expires_at") var expiresAt: Date
    /// The identity an `identityLink` is for.
    @OptionalField(key: "provider") var provider: IdentityProvider.Name?
    @OptionalField(key: "subject") var subject: String?

    // relationships
    @Parent(key: "user_id") var user: User

    init() {}

    init(userID: UUID, purpose: Purpose, tokenHash: String, expiresAt: Date) {
        self.$user.id = userID
        self.purpose = purpose
        self.tokenHash = tokenHash
        self.expiresAt = expiresAt
    }
}
