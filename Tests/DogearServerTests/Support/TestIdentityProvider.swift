import DogearTestSupport
import Foundation
import JWTKit
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// An identity provider of the tests' own: a local stub serves its JWKS (made from the test keys in
/// `Tests/Fixtures/keys`), and it signs ID tokens with whatever claims a test needs.
struct TestIdentityProvider {
    let stub: StubServer
    let signers: JWTKeyCollection
    static let audience = "dogear-test-client"
    static let issuer = "https://issuer.test"

    static func keyPEM(_ name: String) throws -> String {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/keys")
        return try String(contentsOf: folder.appendingPathComponent("\(name).pem"), encoding: .utf8)
    }

    static func start() async throws -> TestIdentityProvider {
        let signers = JWTKeyCollection()
        for (kid, file) in [("key-a", "provider-a"), ("key-b", "provider-b"), ("intruder", "intruder")] {
            await signers.add(
                rsa: try Insecure.RSA.PrivateKey(pem: try keyPEM(file)), digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid)
            )
        }
        let provider = TestIdentityProvider(stub: try await StubServer.start(), signers: signers)
        try provider.publish(["key-a"])
        return provider
    }

    var jwksPath: String { "/keys" }
    var jwksURL: String { stub.baseURL + jwksPath }

    /// Serves these keys (public halves) as the JWKS, from now on.
    func publish(_ kids: [String], cacheControl: String = "public, max-age=3600") throws {
        let files = ["key-a": "provider-a", "key-b": "provider-b", "intruder": "intruder"]
        let keys = try kids.map { kid -> [String: String] in
            let (modulus, exponent) = try Insecure.RSA.PrivateKey(pem: try Self.keyPEM(files[kid]!)).publicKey.getKeyPrimitives()
            return ["kty": "RSA", "alg": "RS256", "use": "sig", "kid": kid, "n": modulus.base64URL, "e": exponent.base64URL]
        }
        let body = try JSONSerialization.data(withJSONObject: ["keys": keys])
        stub.stub(jwksPath, StubServer.Reply(body: body, headers: ["Cache-Control": cacheControl]))
    }

    /// An ID token: good by default for `nonce` at `now`; `change` alters any claim.
    func token(
        nonce: String, now: Date = fixedNow, subject: String = "provider-user-1", email: String = "ann@example.com",
        kid: String = "key-a", change: (inout [String: Any]) -> Void = { _ in }
    ) async throws -> String {
        var claims: [String: Any] = [
            "iss": Self.issuer, "aud": Self.audience, "sub": subject, "exp": Int(now.timeIntervalSince1970) + 600,
            "iat": Int(now.timeIntervalSince1970) - 5, "nonce": nonce, "email": email, "email_verified": true,
        ]
        change(&claims)
        let data = try JSONSerialization.data(withJSONObject: claims)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970  // as JWTs write times
        return try await signers.sign(try decoder.decode(ProviderIDToken.self, from: data), kid: JWKIdentifier(string: kid))
    }

    func shutdown() async { await stub.shutdown() }
}

/// Runs `body` on a Dogear whose Google and Apple sign-in point at a test provider.
func withTestProvider(_ body: (Application, TestIdentityProvider) async throws -> Void) async throws {
    let provider = try await TestIdentityProvider.start()
    do {
        try await withDogear(
            adjust: {
                $0.baseURL = "http://dogear.test"
                $0.identityProviders = [
                    .google(
                        clientIDs: ["web-client", TestIdentityProvider.audience], jwksURL: provider.jwksURL,
                        issuers: [TestIdentityProvider.issuer]),
                    .apple(
                        clientIDs: [TestIdentityProvider.audience], jwksURL: provider.jwksURL, issuer: TestIdentityProvider.issuer
                    ),
                ]
            },
            { app in try await body(app, provider) })
    } catch {
        await provider.shutdown()
        throw error
    }
    await provider.shutdown()
}

extension Data {
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
