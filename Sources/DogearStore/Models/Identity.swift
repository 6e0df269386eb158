import FluentKit
import Foundation

/// An Apple or Google identity linked to an account: the provider's subject opens that account.
package final class Identity: Model, @unchecked Sendable {
    package static let schema = "identities"

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "provider") package var provider: IdentityProviderName
    @Field(key: "subject") package var subject: String
    /// The verified email the provider gave when it was linked.
    @Field(key: "email") package var email: String

    // relationships
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _provider, _subject, _email, _user]
    }

    package init() {}

    package init(userID: UUID, provider: IdentityProviderName, subject: String, email: String) {
        self.$user.id = userID
        self.provider = provider
        self.subject = subject
        self.email = email
    }
}

/// A nonce handed to a sign-in page or an app, used once by the ID token that carries it. One made
/// on the delete-account page names the account and the purpose: the token that comes back with
/// it confirms deleting that account.
package final class SignInNonce: Model, @unchecked Sendable {
    package enum Purpose: String, Codable, Sendable { case deleteAccount }

    package static let schema = "sign_in_nonces"

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "nonce_hash") package var nonceHash: String
    @Field(key: "expires_at") package var expiresAt: Date
    @OptionalField(key: "purpose") package var purpose: Purpose?

    // relationships
    @OptionalParent(key: "user_id") package var user: User?

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _nonceHash, _expiresAt, _purpose, _user]
    }

    package init() {}

    package init(nonceHash: String, expiresAt: Date) {
        self.nonceHash = nonceHash
        self.expiresAt = expiresAt
    }
}
