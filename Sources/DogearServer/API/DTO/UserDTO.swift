import DogearStore
import Vapor

/// A user's own profile as the API shows it.
struct UserDTO: Content {
    let id: UUID
    let email: String
    let displayName: String
    @Nullable var photoUrl: String?
    let onboardingDone: Bool
    let genrePreferences: [String]
    let timeZone: String
    let tier: String
    let createdAt: Date?

    init(_ user: User) throws {
        self.id = try user.requireID()
        self.email = user.email
        self.displayName = user.displayName
        self.photoUrl = user.photoURL
        self.onboardingDone = user.onboardingDone
        self.genrePreferences = user.genrePreferences
        self.timeZone = user.timeZone
        self.tier = user.tier.rawValue
        self.createdAt = user.createdAt
    }
}

struct AuthResponse: Content {
    let token: String
    let user: UserDTO
}

/// The one answer to a password reset request, whether or not the address has an account.
struct PasswordResetAnswer: Content {
    var message = "if an account has this email and this server sends mail, a link to reset its password is on its way"
}

/// `POST /api/v1/auth/nonce`: what to hand the provider's sign-in, and until when it works.
struct NonceDTO: Content {
    let nonce: String
    let expiresAt: Date
}
