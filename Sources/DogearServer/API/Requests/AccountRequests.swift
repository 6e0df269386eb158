import DogearServices
import DogearStore
import Vapor

package struct SignUpRequest: Content {
    package var email: String
    package var password: String
    package var displayName: String
}

package struct SignInRequest: Content {
    package var email: String
    package var password: String
}

/// PATCH /api/v1/me.
package struct ProfileUpdateRequest: Decodable, Sendable {
    package var displayName: Patch<String>
    package var photoUrl: Patch<String>
    package var onboardingDone: Patch<Bool>
    package var genrePreferences: Patch<[String]>
    package var timeZone: Patch<String>
    package var email: Patch<String>
    /// Needed to change the email.
    package var currentPassword: String? = nil

    package init(displayName: Patch<String> = .absent, timeZone: Patch<String> = .absent, email: Patch<String> = .absent) {
        self.displayName = displayName
        photoUrl = .absent
        onboardingDone = .absent
        genrePreferences = .absent
        self.timeZone = timeZone
        self.email = email
    }
}

/// `POST /api/v1/auth/password-reset`.
package struct PasswordResetAskRequest: Decodable, Sendable {
    package var email: String?
}

/// `POST /api/v1/auth/password-reset/confirm`: the token from the link, and the new password.
package struct PasswordResetConfirmRequest: Decodable, Sendable {
    package var token: String?
    package var newPassword: String?
}

/// `DELETE /api/v1/me`: the password again, to be sure it is the reader; or, for an account
/// linked to Apple or Google, a new ID token from that provider.
package struct DeleteAccountRequest: Decodable, Sendable {
    package var currentPassword: String?
    package var reauthentication: ProviderReauthentication?
}

/// `POST /api/v1/auth/apple` and `/api/v1/auth/google`: the provider's ID token and the nonce
/// `POST /api/v1/auth/nonce` gave for this sign-in.
package struct ProviderSignInRequest: Decodable, Sendable {
    package var idToken: String?
    package var nonce: String?
}

/// `POST /api/v1/auth/link`: a pending link (from a `linkNeedsPassword` answer) and the account's password.
package struct CompleteLinkRequest: Decodable, Sendable {
    package var linkToken: String?
    package var password: String?
}

/// `POST /api/v1/me/password`.
package struct PasswordChangeRequest: Decodable, Sendable {
    package var currentPassword: String?
    package var newPassword: String?
}
