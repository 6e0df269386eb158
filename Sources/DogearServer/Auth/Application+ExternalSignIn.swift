import DogearServices
import Vapor

extension Application {
    private struct IdentityProvidersKey: StorageKey {
        typealias Value = [IdentityProvider]
    }

    private struct IDTokenVerifierKey: StorageKey {
        typealias Value = IDTokenVerifier
    }

    /// The providers set up (`APPLE_CLIENT_IDS`, `GOOGLE_CLIENT_IDS`); empty when none are.
    package var identityProviders: [IdentityProvider] {
        get { storage[IdentityProvidersKey.self] ?? [] }
        set { storage[IdentityProvidersKey.self] = newValue }
    }

    package var idTokenVerifier: IDTokenVerifier {
        get {
            guard let verifier = storage[IDTokenVerifierKey.self] else { fatalError("configure() sets the ID token verifier") }
            return verifier
        }
        set { storage[IDTokenVerifierKey.self] = newValue }
    }

    /// What the account services are handed for Apple and Google sign-in.
    package var externalSignIn: ExternalSignInSetup {
        ExternalSignInSetup(providers: identityProviders, verifier: idTokenVerifier)
    }
}
