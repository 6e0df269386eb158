import Fluent
import Foundation

/// An Apple or Google identity linked to an account: the provider's subject opens that account.
final class Identity: Model, @unchecked Sendable {
    static let schema = "identities"

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // data
    @Field(key: "provider") var provider: IdentityProvider.Name
    @Field(key: "subject") var subject: String
    /// The verified email the provider gave when it was linked.
    @Field(key: "email") var email: String

    // relationships
    @Parent(key: "user_id") var user: User

    init() {}

    init(userID: UUID, provider: IdentityProvider.Name, subject: String, email: String) {
        self.$user.id = userID
        self.provider = provider
        self.subject = subject
        self.email = email
    }
}

/// A nonce handed to a sign-in page or an app, used once by the ID token that carries it. One made
/// on the delete-account page names the account and the purpose: the token that comes back with
/// it confirms deleting that account.
final class SignInNonce: Model, @unchecked Sendable {
    enum Purpose: String, Codable, Sendable { case deleteAccount }

    static let schema = "sign_in_nonces"

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // data
    @Field(key: "nonce_hash") var nonceHash: String
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "purpose") var purpose: Purpose?

    // relationships
    @OptionalParent(key: "user_id") var user: User?

    init() {}

    init(nonceHash: String, expiresAt: Date) {
        self.nonceHash = nonceHash
        self.expiresAt = expiresAt
    }
}
