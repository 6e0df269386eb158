import DogearServices
import DogearStore
import Vapor

/// An app token as its owner sees it; `token` (the secret) only in the answer that made it.
package struct AppTokenDTO: Content {
    package let id: UUID
    package let name: String
    package let scopes: [String]
    @Nullable package var expiresAt: Date?
    @Nullable package var lastUsedAt: Date?
    package let createdAt: Date
    @Nullable package var token: String?

}

/// `POST /api/v1/tokens`.
package struct CreateAppTokenRequest: Decodable, Sendable {
    package var name: String?
    package var scopes: [String]?
    package var expiresInDays: Int?
}
