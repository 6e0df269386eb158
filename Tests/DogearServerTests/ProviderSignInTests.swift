import Crypto
import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Sign in with Apple and Google against a provider of the tests' own: tokens signed here with local
/// keys, the keys served as a JWKS by a local stub (`TestIdentityProvider`).
@Suite("Sign in with Apple and Google")
struct ProviderSignInTests {
    func withProvider(_ body: (Application, TestIdentityProvider) async throws -> Void) async throws {
        try await withTestProvider(body)
    }

    func nonce(_ app: Application) async throws -> String {
        let reply = try await app.send(.POST, "/api/v1/auth/nonce")
        guard reply.status == .created, let nonce = reply["nonce"] as? String else { throw TestFailure("nonce: \(reply.body)") }
        return nonce
    }

    func signIn(_ app: Application, _ provider: String = "google", token: String, nonce: String) async throws -> Reply {
        try await app.send(.POST, "/api/v1/auth/\(provider)", json: ["idToken": token, "nonce": nonce])
    }

    @Test("a good token makes the account on first sign-in (no password), opens it after, and cannot be played twice")
    func firstSignInCreates() async throws {
        try await withProvider { app, provider in
            let first = try await nonce(app)
            let token = try await provider.token(nonce: first) { $0["name"] = "Ann Google" }
            let created = try await signIn(app, token: token, nonce: first)
            #expect(created.status == .created, "\(created.body)")
            let session = try #require(created["token"] as? String)
            let me = try await app.send(.GET, "/api/v1/me", token: session)
            #expect(me["email"] as? String == "ann@example.com")
            #expect(me["displayName"] as? String == "Ann Google")
            #expect(me["onboardingDone"] as? Bool == false)
            #expect(try await Identity.query(on: app.db).count() == 1)
            #expect(try await User.query(on: app.db).first()?.passwordHash == "")

            // The same token and nonce again: the nonce is used up.
            let replay = try await signIn(app, token: token, nonce: first)
            #expect(replay.status == .unauthorized && replay.errorCode == "invalidIdToken")

            let again = try await nonce(app)
            let second = try await signIn(app, token: try await provider.token(nonce: again), nonce: again)
            #expect(second.status == .ok)
            #expect(try await User.query(on: app.db).count() == 1)
            // No password: signing in with one never works, whatever is typed.
            let password = try await app.send(
                .POST, "/api/v1/auth/signin", json: ["email": "ann@example.com", "password": ""])
            #expect(password.status == .unauthorized)
        }
    }

    @Test(
        "refused: expired, another app's, another issuer's, another sign-in's nonce, unverified email, no email, made-up nonce",
        arguments: [
            ("expired", "has expired"), ("audience", "made for another app"), ("issuer", "not issued by the provider"),
            ("nonce", "does not belong to this sign-in"), ("unverified", "not verified this email"),
            ("no email", "did not share an email"), ("unknown nonce", "nonce is unknown"),
        ])
    func refused(_ what: String, _ words: String) async throws {
        try await withProvider { app, provider in
            let issued = try await nonce(app)
            var sent = issued
            let token = try await provider.token(nonce: issued) { claims in
                switch what {
                case "expired":
                    claims["exp"] = Int(fixedNow.timeIntervalSince1970) - 120
                    claims["iat"] = Int(fixedNow.timeIntervalSince1970) - 4000
                case "audience": claims["aud"] = "someone-elses-app"
                case "issuer": claims["iss"] = "https://accounts.evil.test"
                case "nonce": claims["nonce"] = "a-nonce-from-another-sign-in"
                case "unverified": claims["email_verified"] = false
                case "no email": claims.removeValue(forKey: "email")
                default: sent = "never-issued"
                }
            }
            let reply = try await signIn(app, token: token, nonce: sent)
            #expect(reply.status == .unauthorized, "\(reply.body)")
            #expect(reply.errorCode == "invalidIdToken")
            #expect(reply.errorMessage?.contains(words) == true, "\(reply.errorMessage ?? "")")
            #expect(try await User.query(on: app.db).count() == 0)
        }
    }

    @Test("refused: a signature that is not the provider's — a changed payload, or a key it does not publish")
    func badSignature() async throws {
        try await withProvider { app, provider in
            let issued = try await nonce(app)
            let ann = try await provider.token(nonce: issued).split(separator: ".")
            let mallory = try await provider.token(nonce: issued, subject: "mallory", email: "mallory@example.com")
                .split(separator: ".")
            let spliced = [ann[0], mallory[1], ann[2]].joined(separator: ".")
            let changed = try await signIn(app, token: spliced, nonce: issued)
            #expect(changed.status == .unauthorized && changed.errorMessage?.contains("signature") == true, "\(changed.body)")

            let intruder = try await provider.token(nonce: issued, kid: "intruder")
            let unpublished = try await signIn(app, token: intruder, nonce: issued)
            #expect(unpublished.status == .unauthorized && unpublished.errorMessage?.contains("does not publish") == true)
            #expect(try await signIn(app, token: "not.a.jwt", nonce: issued).status == .unauthorized)
            #expect(try await User.query(on: app.db).count() == 0)
        }
    }

    @Test("keys are cached for their max-age; a token with a new key id fetches them again, at most once a minute")
    func keyRotation() async throws {
        try await withProvider { app, provider in
            let verifier = app.idTokenVerifier
            var n = try await nonce(app)
            #expect(try await signIn(app, token: try await provider.token(nonce: n), nonce: n).status == .created)
            n = try await nonce(app)
            #expect(try await signIn(app, token: try await provider.token(nonce: n), nonce: n).status == .ok)
            #expect(await verifier.fetches[.google] == 1)  // the second sign-in used the cached keys

            // The provider rotates to key B.
            try provider.publish(["key-a", "key-b"])
            app.clock = .fixed(fixedNow.addingTimeInterval(61))
            n = try await nonce(app)
            let rotated = try await provider.token(nonce: n, now: fixedNow.addingTimeInterval(61), kid: "key-b")
            let reply = try await signIn(app, token: rotated, nonce: n)
            #expect(reply.status == .ok, "\(reply.body)")
            #expect(await verifier.fetches[.google] == 2)

            // Made-up key ids right after a fetch ask the provider nothing more.
            for _ in 0..<3 {
                n = try await nonce(app)
                let intruder = try await provider.token(nonce: n, now: fixedNow.addingTimeInterval(61), kid: "intruder")
                #expect(try await signIn(app, token: intruder, nonce: n).status == .unauthorized)
            }
            #expect(await verifier.fetches[.google] == 2)
        }
    }

    @Test("an email that already has an account links only after its password; then the provider alone opens it")
    func linkingNeedsThePassword() async throws {
        try await withProvider { app, provider in
            _ = try await app.signUp("Ann@Example.com", name: "Ann")
            var n = try await nonce(app)
            let conflict = try await signIn(app, token: try await provider.token(nonce: n), nonce: n)
            #expect(conflict.status == .conflict && conflict.errorCode == "linkNeedsPassword", "\(conflict.body)")
            let error = try #require(conflict.object["error"] as? [String: Any])
            let linkToken = try #require(error["linkToken"] as? String)
            #expect(try await Identity.query(on: app.db).count() == 0)

            let wrong = try await app.send(.POST, "/api/v1/auth/link", json: ["linkToken": linkToken, "password": "not it"])
            #expect(wrong.status == .unprocessableEntity && wrong.errorField == "currentPassword")
            #expect(try await Identity.query(on: app.db).count() == 0)
            let linked = try await app.send(
                .POST, "/api/v1/auth/link", json: ["linkToken": linkToken, "password": "long enough"])
            #expect(linked.status == .ok, "\(linked.body)")
            #expect(
                try await app.send(.POST, "/api/v1/auth/link", json: ["linkToken": linkToken, "password": "long enough"])
                    .status == .notFound)

            n = try await nonce(app)
            let direct = try await signIn(app, token: try await provider.token(nonce: n), nonce: n)
            #expect(direct.status == .ok)
            #expect(try await User.query(on: app.db).count() == 1)
            let me = try await app.send(.GET, "/api/v1/me", token: try #require(direct["token"] as? String))
            #expect(me["displayName"] as? String == "Ann")
        }
    }

    @Test("Apple's way: the nonce's SHA-256 in the token and email_verified as text; a provider not set up is 404")
    func appleStyle() async throws {
        try await withProvider { app, provider in
            let n = try await nonce(app)
            let hashed = SHA256.hash(data: Data(n.utf8)).map { String(format: "%02x", $0) }.joined()
            let token = try await provider.token(nonce: hashed, subject: "000123.apple", email: "x1@privaterelay.appleid.com") {
                $0["email_verified"] = "true"
            }
            let reply = try await signIn(app, "apple", token: token, nonce: n)
            #expect(reply.status == .created, "\(reply.body)")
        }
        try await withDogear { app in
            let reply = try await app.send(.POST, "/api/v1/auth/apple", json: ["idToken": "x.y.z", "nonce": "n"])
            #expect(reply.status == .notFound && reply.errorCode == "providerNotConfigured")
        }
    }

    @Test(
        "a sign-in with no idToken or no nonce is a 400 naming the field; with no provider set up a nonce is refused and nothing stored"
    )
    func missingFieldsAndNoProvider() async throws {
        try await withProvider { app, _ in
            let n = try await nonce(app)
            for (body, field) in [
                (["nonce": n], "idToken"), (["idToken": "x.y.z"], "nonce"), (["idToken": "", "nonce": n], "idToken"),
            ] {
                for provider in ["apple", "google"] {
                    let reply = try await app.send(.POST, "/api/v1/auth/\(provider)", json: body)
                    #expect(reply.status == .badRequest, "\(provider) \(body): \(reply.status)")
                    #expect(reply.errorField == field)
                }
            }
        }
        try await withDogear { app in
            for _ in 0..<3 {
                let reply = try await app.send(.POST, "/api/v1/auth/nonce")
                #expect(reply.status == .notFound && reply.errorCode == "providerNotConfigured")
            }
            #expect(try await SignInNonce.query(on: app.db).count() == 0)
        }
    }

    @Test("keys that cannot be fetched: 503 providerUnavailable, and nothing made")
    func providerDown() async throws {
        try await withDogear(
            adjust: {
                $0.identityProviders = [
                    .google(clientIDs: ["c"], jwksURL: "http://127.0.0.1:9/keys", issuers: [TestIdentityProvider.issuer])
                ]
            },
            { app in
                let n = try await nonce(app)
                let reply = try await signIn(app, token: "eyJraWQiOiJrZXktYSJ9.e30.c2ln", nonce: n)
                #expect(reply.status == .serviceUnavailable && reply.errorCode == "providerUnavailable", "\(reply.body)")
                #expect(try await User.query(on: app.db).count() == 0)
            })
    }

    @Test("an account without a password is deleted by signing in with its provider again; another identity is refused")
    func deleteWithProvider() async throws {
        try await withProvider { app, provider in
            var n = try await nonce(app)
            let session = try #require(
                try await signIn(app, token: try await provider.token(nonce: n), nonce: n)["token"] as? String)
            let byPassword = try await app.send(.DELETE, "/api/v1/me", token: session, json: ["currentPassword": "anything"])
            #expect(byPassword.status == .unprocessableEntity && byPassword.errorMessage?.contains("no password") == true)

            n = try await nonce(app)
            let someoneElse = try await provider.token(nonce: n, subject: "another-person")
            let refused = try await app.send(
                .DELETE, "/api/v1/me", token: session,
                json: ["reauthentication": ["provider": "google", "idToken": someoneElse, "nonce": n]])
            #expect(refused.status == .forbidden && refused.errorCode == "notYourIdentity")

            n = try await nonce(app)
            let deleted = try await app.send(
                .DELETE, "/api/v1/me", token: session,
                json: ["reauthentication": ["provider": "google", "idToken": try await provider.token(nonce: n), "nonce": n]])
            #expect(deleted.status == .noContent, "\(deleted.body)")
            #expect(try await User.query(on: app.db).count() == 0)
            #expect(try await Identity.query(on: app.db).count() == 0)
        }
    }
}
