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

/// `DELETE /api/v1/me`: the password again, to be sure it is the reader.
struct DeleteAccountRequest: Decodable, Sendable {
    var currentPassword: String?
}

/// `POST /api/v1/me/password`.
struct PasswordChangeRequest: Decodable, Sendable {
    var currentPassword: String?
    var newPassword: String?
}
