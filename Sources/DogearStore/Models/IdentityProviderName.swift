/// Who vouched for a sign-in: stored on an identity and on an account link.
package enum IdentityProviderName: String, Codable, Sendable, CaseIterable {
    case apple, google

    package var label: String { self == .apple ? "Apple" : "Google" }
}
