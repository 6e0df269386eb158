import DogearStore
import Foundation

/// Sign in with Apple or Google as this server is set up for it (`APPLE_*`, `GOOGLE_*`): where the
/// provider publishes its keys, who issues its tokens, and this server's client IDs (the first is
/// the web page's; apps add theirs). A provider without client IDs is off, and its buttons hidden.
package struct IdentityProvider: Sendable, Equatable {
    package typealias Name = IdentityProviderName

    package var name: Name
    package var jwksURL: String
    package var issuers: [String]
    package var clientIDs: [String]

    package var webClientID: String { clientIDs.first ?? "" }

    package static func apple(clientIDs: [String], jwksURL: String? = nil, issuer: String? = nil) -> IdentityProvider {
        IdentityProvider(
            name: .apple, jwksURL: jwksURL ?? "https://appleid.apple.com/auth/keys",
            issuers: [issuer ?? "https://appleid.apple.com"], clientIDs: clientIDs)
    }

    package static func google(clientIDs: [String], jwksURL: String? = nil, issuers: [String]? = nil) -> IdentityProvider {
        IdentityProvider(
            name: .google, jwksURL: jwksURL ?? "https://www.googleapis.com/oauth2/v3/certs",
            issuers: issuers ?? ["https://accounts.google.com", "accounts.google.com"], clientIDs: clientIDs)
    }
}
