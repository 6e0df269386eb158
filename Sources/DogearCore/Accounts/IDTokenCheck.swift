import Foundation

/// What an Apple or Google ID token must say before Dogear believes who it names. The signature is
/// checked before this (against the provider's published keys); this is the rest of OpenID Connect's
/// list: the issuer, the audience (one of this server's client IDs), the expiry and issue time (with a
/// minute's leeway for clocks that disagree), the nonce this server issued for the sign-in (as is, or
/// its SHA-256 in hex, as Apple's apps send it), a subject, and a verified email.
public enum IDTokenCheck {
    public struct Claims: Sendable, Equatable {
        public var issuer: String
        public var audiences: [String]
        public var subject: String
        /// Seconds since 1970.
        public var expires: Double
        public var issuedAt: Double?
        public var nonce: String?
        public var email: String?
        public var emailVerified: Bool?

        public init(
            issuer: String, audiences: [String], subject: String, expires: Double, issuedAt: Double?, nonce: String?,
            email: String?, emailVerified: Bool?
        ) {
            self.issuer = issuer
            self.audiences = audiences
            self.subject = subject
            self.expires = expires
            self.issuedAt = issuedAt
            self.nonce = nonce
            self.email = email
            self.emailVerified = emailVerified
        }
    }

    public struct Expected: Sendable, Equatable {
        public var issuers: [String]
        public var audiences: [String]
        /// The nonce in the forms the token may carry it.
        public var nonces: [String]
        public var now: Double
        public var leeway: Double

        public init(issuers: [String], audiences: [String], nonces: [String], now: Double, leeway: Double = 60) {
            self.issuers = issuers
            self.audiences = audiences
            self.nonces = nonces
            self.now = now
            self.leeway = leeway
        }
    }

    public enum Refusal: String, Error, Sendable, Equatable, CaseIterable {
        case wrongIssuer, wrongAudience, expired, issuedInTheFuture, wrongNonce, noSubject, noEmail, emailNotVerified

        /// Said to the reader or the app.
        public var message: String {
            switch self {
            case .wrongIssuer: return "the sign-in token was not issued by the provider"
            case .wrongAudience: return "the sign-in token was made for another app"
            case .expired: return "the sign-in token has expired; sign in again"
            case .issuedInTheFuture: return "the sign-in token is dated in the future; check the device's clock"
            case .wrongNonce: return "the sign-in token does not belong to this sign-in; start again"
            case .noSubject: return "the sign-in token names nobody"
            case .noEmail: return "the provider did not share an email address; allow it to, and sign in again"
            case .emailNotVerified: return "the provider has not verified this email address"
            }
        }
    }

    /// nil when the token is good; else the first thing wrong, in the order above.
    public static func check(_ claims: Claims, _ expected: Expected) -> Refusal? {
        guard expected.issuers.contains(claims.issuer) else { return .wrongIssuer }
        guard claims.audiences.contains(where: expected.audiences.contains) else { return .wrongAudience }
        guard claims.expires + expected.leeway > expected.now else { return .expired }
        if let issued = claims.issuedAt, issued - expected.leeway > expected.now { return .issuedInTheFuture }
        guard let nonce = claims.nonce, !nonce.isEmpty, expected.nonces.contains(nonce) else { return .wrongNonce }
        guard !claims.subject.isEmpty else { return .noSubject }
        guard let email = claims.email, !email.isEmpty else { return .noEmail }
        guard claims.emailVerified == true else { return .emailNotVerified }
        return nil
    }
}

/// Signing in with Apple or Google: whose account it opens. An identity already linked opens its
/// account. A new identity whose verified email belongs to an account is linked to it only once
/// the reader gives that account's password (else anyone who controls an address at a provider
/// would walk into the Dogear account with that address). Otherwise a new account is made.
public enum IdentityLinking {
    public enum Decision: Equatable, Sendable {
        case signIn(account: UUID)
        case linkThenSignIn(account: UUID)
        case needsPassword(account: UUID)
        case wrongPassword
        case createAccount
    }

    /// - linkedAccount: the account this provider's subject is already linked to.
    /// - accountWithEmail: the account whose email is the token's (verified) email.
    /// - password: nil when none was given; else whether it is that account's.
    public static func decide(linkedAccount: UUID?, accountWithEmail: UUID?, passwordMatches: Bool?) -> Decision {
        if let linkedAccount { return .signIn(account: linkedAccount) }
        guard let accountWithEmail else { return .createAccount }
        switch passwordMatches {
        case nil: return .needsPassword(account: accountWithEmail)
        case false?: return .wrongPassword
        case true?: return .linkThenSignIn(account: accountWithEmail)
        }
    }
}
