import DogearCore
import FluentKit
import Foundation

/// A session: a bearer token for the API or the web's session cookie. Only its SHA-256 is stored;
/// sign-out deletes the row, and so does its end (`SessionLifetime`).
package final class UserToken: Model, @unchecked Sendable {
    package static let schema = "user_tokens"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @Field(key: "token_hash") package var tokenHash: String
    /// The device it was made on, as its browser or app named itself.
    @OptionalField(key: "user_agent") package var userAgent: String?
    /// Recorded at most once a minute (`SessionLifetime.touchEvery`).
    @OptionalField(key: "last_used_at") package var lastUsedAt: Date?
    /// `app` for a token made for an app or script; nil for a session.
    @OptionalField(key: "kind") package var kind: String?
    @OptionalField(key: "name") package var name: String?
    /// Space-separated `TokenScope`s of an app token.
    @OptionalField(key: "scopes") package var scopes: String?
    @OptionalField(key: "expires_at") package var expiresAt: Date?

    package var isAppToken: Bool { kind == "app" }

    /// An app token's scopes; nil for a session (which may do everything).
    package var scopeSet: Set<TokenScope>? {
        guard isAppToken else { return nil }
        return Set((scopes ?? "").split(separator: " ").compactMap { TokenScope(rawValue: String($0)) })
    }

    // MARK: relationships
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved, the costliest step of a write (`ModelPropertiesTests` holds this list
    /// to the declarations above).
    package var properties: [any AnyProperty] { fields }

    /// The same list typed as what a row is read into and a save written from: Fluent's own
    /// `input(to:)` and `output(from:)` cast each listed property to that type on every read and
    /// save, and these are the models every request reads or writes.
    private var fields: [any AnyDatabaseProperty] {
        [_id, _createdAt, _updatedAt, _tokenHash, _userAgent, _lastUsedAt, _kind, _name, _scopes, _expiresAt, _user]
    }

    package func input(to input: any DatabaseInput) {
        for field in fields { field.input(to: input) }
    }

    package func output(from output: any DatabaseOutput) throws {
        for field in fields { try field.output(from: output) }
    }

    package init() {}

    package init(userID: UUID, tokenHash: String) {
        self.$user.id = userID
        self.tokenHash = tokenHash
    }
}
