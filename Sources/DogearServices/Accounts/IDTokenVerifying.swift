import DogearStore
import Foundation

/// What a verified Apple or Google ID token says of its holder.
package struct VerifiedIdentity: Sendable, Equatable {
    /// The provider's stable id for the person (`sub`).
    package var subject: String
    package var email: String?
    /// Google gives a name; Apple gives it to the app only.
    package var name: String?

    package init(subject: String, email: String?, name: String?) {
        self.subject = subject
        self.email = email
        self.name = name
    }
}

/// Checks an ID token's signature against the provider's published keys and its claims against the
/// nonces this sign-in may carry. The server's `IDTokenVerifier` does it with jwt-kit (and fetches
/// the keys over HTTP), which is why the services only see this.
package protocol IDTokenVerifying: Sendable {
    func identity(in idToken: String, provider: IdentityProvider, nonces: [String], now: Date) async throws
        -> VerifiedIdentity
}

/// Sign in with Apple or Google as the server is set up for it: the providers switched on, and who
/// checks their tokens. No providers means the buttons are hidden and the routes answer 404.
package struct ExternalSignInSetup: Sendable {
    package var providers: [IdentityProvider]
    package var verifier: any IDTokenVerifying

    package init(providers: [IdentityProvider], verifier: any IDTokenVerifying) {
        self.providers = providers
        self.verifier = verifier
    }
}

extension DomainError {
    /// An ID token (or its nonce) that does not prove who the reader is: 401 `invalidIdToken`.
    package static func invalidIDToken(_ message: String) -> DomainError {
        DomainError(.notAuthenticated, code: .invalidIdToken, message)
    }
}
