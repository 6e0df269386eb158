import DogearCore
import DogearServices
import DogearStore
import Foundation
import JWTKit
import Vapor

/// The claims of an Apple or Google ID token as Dogear reads them. Nothing is checked on decoding:
/// jwt-kit checks the signature, and Core's `IDTokenCheck` the claims, against Dogear's own clock.
package struct ProviderIDToken: JWTPayload {
    package enum CodingKeys: String, CodingKey {
        case issuer = "iss"
        case subject = "sub"
        case audience = "aud"
        case expires = "exp"
        case issuedAt = "iat"
        case nonce, email, name
        case emailVerified = "email_verified"
    }

    package var issuer: IssuerClaim
    package var subject: SubjectClaim
    package var audience: AudienceClaim
    package var expires: ExpirationClaim
    package var issuedAt: IssuedAtClaim?
    package var nonce: String?
    package var email: String?
    /// Google's; Apple gives the name to the app only.
    package var name: String?
    /// Google sends a boolean, Apple the text "true".
    package var emailVerified: BoolClaim?

    package func verify(using _: some JWTAlgorithm) async throws {}

    package var claims: IDTokenCheck.Claims {
        IDTokenCheck.Claims(
            issuer: issuer.value, audiences: audience.value, subject: subject.value,
            expires: expires.value.timeIntervalSince1970, issuedAt: issuedAt?.value.timeIntervalSince1970, nonce: nonce,
            email: email, emailVerified: emailVerified?.value)
    }
}

/// Checks Apple's and Google's ID tokens: the signature with jwt-kit against the keys the provider
/// publishes (its JWKS), then the claims with Core's `IDTokenCheck`.
///
/// Keys are kept as long as the provider's `Cache-Control: max-age` says (an hour when it says
/// nothing; a minute to a day). A token signed with a key not in the set (the provider rotated its
/// keys) fetches the set again, at most once a minute, so tokens with made-up key ids cannot turn
/// Dogear into a flood of requests to the provider.
package actor IDTokenVerifier: IDTokenVerifying {
    private struct KeySet {
        package let keys: JWTKeyCollection
        package let kids: Set<String>
        package let fetchedAt: Date
        package let freshUntil: Date
    }

    private let client: any Client
    private var sets: [IdentityProvider.Name: KeySet] = [:]
    /// How many times the keys were fetched, per provider (the tests read it).
    private(set) var fetches: [IdentityProvider.Name: Int] = [:]

    package static let refetchFloor: TimeInterval = 60

    package init(client: any Client) {
        self.client = client
    }

    package static func invalid(_ message: String) -> DomainError {
        DomainError.invalidIDToken(message)
    }

    /// The services' view of a verified token (`IDTokenVerifying`).
    package func identity(in idToken: String, provider: IdentityProvider, nonces: [String], now: Date) async throws
        -> VerifiedIdentity
    {
        let token = try await verify(idToken, provider: provider, nonces: nonces, now: now)
        return VerifiedIdentity(subject: token.subject.value, email: token.email, name: token.name)
    }

    /// The token, once its signature and claims are good.
    package func verify(_ token: String, provider: IdentityProvider, nonces: [String], now: Date) async throws -> ProviderIDToken
    {
        guard let kid = Self.peek(token)?.kid else { throw Self.invalid("the sign-in token is not a signed JWT with a key id") }
        var set = try await keySet(for: provider, now: now)
        if !set.kids.contains(kid), now.timeIntervalSince(set.fetchedAt) >= Self.refetchFloor {
            set = try await fetch(provider, now: now)
        }
        guard set.kids.contains(kid) else {
            throw Self.invalid("the sign-in token is signed with a key \(provider.name.label) does not publish")
        }
        let payload: ProviderIDToken
        do {
            payload = try await set.keys.verify(token, as: ProviderIDToken.self)
        } catch {
            throw Self.invalid("the sign-in token's signature is not \(provider.name.label)'s")
        }
        let expected = IDTokenCheck.Expected(
            issuers: provider.issuers, audiences: provider.clientIDs, nonces: nonces, now: now.timeIntervalSince1970)
        if let refusal = IDTokenCheck.check(payload.claims, expected) { throw Self.invalid(refusal.message) }
        return payload
    }

    private func keySet(for provider: IdentityProvider, now: Date) async throws -> KeySet {
        if let set = sets[provider.name], set.freshUntil > now { return set }
        return try await fetch(provider, now: now)
    }

    private func fetch(_ provider: IdentityProvider, now: Date) async throws -> KeySet {
        fetches[provider.name, default: 0] += 1
        let unavailable = DomainError(
            .unavailable, code: .providerUnavailable, "\(provider.name.label) sign-in is not answering; try again soon")
        let response: ClientResponse
        do {
            response = try await client.get(URI(string: provider.jwksURL)) { $0.timeout = .seconds(10) }
        } catch {
            throw unavailable
        }
        guard response.status == .ok, let body = response.body else { throw unavailable }
        let jwks: JWKS
        do {
            jwks = try JSONDecoder().decode(JWKS.self, from: Data(buffer: body))
        } catch {
            throw unavailable
        }
        let keys = JWTKeyCollection()
        // A key of a kind jwt-kit does not know is skipped, not a reason to refuse the others.
        var kids = Set<String>()
        for key in jwks.keys {
            guard let kid = key.keyIdentifier?.string, (try? await keys.add(jwk: key)) != nil else { continue }
            kids.insert(kid)
        }
        let maxAge = Self.maxAge(response.headers.first(name: .cacheControl)) ?? 3_600
        let set = KeySet(
            keys: keys, kids: kids, fetchedAt: now, freshUntil: now.addingTimeInterval(min(max(maxAge, 60), 86_400)))
        sets[provider.name] = set
        return set
    }

    package static func maxAge(_ cacheControl: String?) -> TimeInterval? {
        guard let cacheControl else { return nil }
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "max-age", let seconds = TimeInterval(parts[1]) { return seconds }
        }
        return nil
    }

    /// What a token says before it is verified, read with jwt-kit's parser: the key id in its header
    /// (to pick the key) and its nonce (Google's web sign-in sends the token alone, so this says
    /// which issued nonce to check it against; `verify` then checks it for real). nil for a token
    /// that is not a JWT at all.
    package static func peek(_ token: String) -> (kid: String?, nonce: String?)? {
        guard let (header, payload, _) = try? DefaultJWTParser().parse([UInt8](token.utf8), as: Unverified.self) else {
            return nil
        }
        return (header.kid, payload.nonce)
    }

    /// Only what `peek` reads; every claim optional, so any payload decodes.
    private struct Unverified: JWTPayload {
        package var nonce: String?
        package func verify(using _: some JWTAlgorithm) async throws {}
    }
}
