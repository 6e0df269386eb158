import FluentKit
import Foundation

/// A one-time link sent to a reader: a password reset. The token itself is only in the mail (or
/// printed for the operator); the row keeps its SHA-256.
package final class AccountLink: Model, @unchecked Sendable {
    package static let schema = "account_links"

    package enum Purpose: String, Codable, Sendable {
        case passwordReset
        /// An Apple or Google identity waiting for the account's password before it is linked.
        case identityLink
    }

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "purpose") package var purpose: Purpose
    @Field(key: "token_hash") package var tokenHash: String
    @Field(key: "expires_at") package var expiresAt: Date
    /// The identity an `identityLink` is for.
    @OptionalField(key: "provider") package var provider: IdentityProviderName?
    @OptionalField(key: "subject") package var subject: String?

    // relationships
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _purpose, _tokenHash, _expiresAt, _provider, _subject, _user]
    }

    package init() {}

    package init(userID: UUID, purpose: Purpose, tokenHash: String, expiresAt: Date) {
        self.$user.id = userID
        self.purpose = purpose
        self.tokenHash = tokenHash
        self.expiresAt = expiresAt
    }
}
