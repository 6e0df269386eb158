import DogearServices
import DogearStore
import Vapor

/// A user's own profile as the API shows it.
package struct UserDTO: Content {
    package let id: UUID
    package let email: String
    package let displayName: String
    @Nullable package var photoUrl: String?
    package let onboardingDone: Bool
    package let genrePreferences: [String]
    package let timeZone: String
    package let tier: String
    package let createdAt: Date?

}

package struct AuthResponse: Content {
    package let token: String
    package let user: UserDTO
}

/// The one answer to a password reset request, whether or not the address has an account.
package struct PasswordResetAnswer: Content {
    package var message = "if an account has this email and this server sends mail, a link to reset its password is on its way"
}

/// `POST /api/v1/auth/nonce`: what to hand the provider's sign-in, and until when it works.
package struct NonceDTO: Content {
    package let nonce: String
    package let expiresAt: Date
}
