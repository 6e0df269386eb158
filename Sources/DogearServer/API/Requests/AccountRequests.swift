import DogearStore
import Vapor

struct SignUpRequest: Content {
    var email: String
    var password: String
    var displayName: String
}

struct SignInRequest: Content {
    var email: String
    var password: String
}

/// PATCH /api/v1/me.
struct ProfileUpdateRequest: Decodable, Sendable {
    var displayName: Patch<String>
    var photoUrl: Patch<String>
    var onboardingDone: Patch<Bool>
    var genrePreferences: Patch<[String]>
    var timeZone: Patch<String>
    var email: Patch<String>
    /// Needed to change the email.
    var currentPassword: String? = nil

    init(displayName: Patch<String> = .absent, timeZone: Patch<String> = .absent, email: Patch<String> = .absent) {
        self.displayName = displayName
        photoUrl = .absent
        onboardingDone = .absent
        genrePreferences = .absent
        self.timeZone = timeZone
        self.email = email
    }
}

/// `POST /api/v1/auth/password-reset`.
struct PasswordResetAskRequest: Decodable, Sendable {
    var email: String?
}

/// `POST /api/v1/auth/password-reset/confirm`: the token from the link, and the new password.
struct PasswordResetConfirmRequest: Decodable, Sendable {
    var token: String?
    var newPassword: String?
}

/// `DELETE /api/v1/me`: the password again, to be sure it is the reader; or, for an account
/// linked to Apple or Google, a new ID token from that provider.
struct DeleteAccountRequest: Decodable, Sendable {
    var currentPassword: String?
    var reauthentication: ProviderReauthentication?
}

/// `POST /api/v1/auth/apple` and `/api/v1/auth/google`: the provider's ID token and the nonce
/// `POST /api/v1/auth/nonce` gave for this sign-in.
struct ProviderSignInRequest: Decodable, Sendable {
    var idToken: String?
    var nonce: String?
}

/// `POST /api/v1/auth/link`: a pending link (from a `linkNeedsPassword` answer) and the account's password.
struct CompleteLinkRequest: Decodable, Sendable {
    var linkToken: String?
    var password: String?
}

/// `POST /api/v1/me/password`.
struct PasswordChangeRequest: Decodable, Sendable {
    var currentPassword: String?
    var newPassword: String?
}
