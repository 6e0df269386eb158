import Foundation
import Testing

@testable import DogearCore

@Suite("Apple and Google ID tokens: what they must say, and whose account they open")
struct IDTokenCheckTests {
    static let now = 1_800_000_000.0
    static let expected = IDTokenCheck.Expected(
        issuers: ["https://accounts.google.com", "accounts.google.com"], audiences: ["dogear-web", "dogear-ios"],
        nonces: ["n-123", "hashed-n-123"], now: now)

    static func good() -> IDTokenCheck.Claims {
        IDTokenCheck.Claims(
            issuer: "https://accounts.google.com", audiences: ["dogear-ios"], subject: "1100", expires: now + 600,
            issuedAt: now - 10, nonce: "n-123", email: "ann@example.com", emailVerified: true)
    }

    static let cases: [(String, @Sendable (inout IDTokenCheck.Claims) -> Void, IDTokenCheck.Refusal?)] = [
        ("a good token", { _ in }, nil),
        ("the other issuer spelling", { $0.issuer = "accounts.google.com" }, nil),
        ("one of several audiences is ours", { $0.audiences = ["someone-else", "dogear-web"] }, nil),
        ("the nonce in its hashed form", { $0.nonce = "hashed-n-123" }, nil),
        ("expired 30 s ago: inside the leeway", { $0.expires = now - 30 }, nil),
        ("another issuer", { $0.issuer = "https://evil.example" }, .wrongIssuer),
        ("another app's token", { $0.audiences = ["someone-else"] }, .wrongAudience),
        ("no audience", { $0.audiences = [] }, .wrongAudience),
        ("expired two minutes ago", { $0.expires = now - 120 }, .expired),
        ("issued two minutes from now", { $0.issuedAt = now + 120 }, .issuedInTheFuture),
        ("issued 30 s from now: inside the leeway", { $0.issuedAt = now + 30 }, nil),
        ("another sign-in's nonce", { $0.nonce = "n-999" }, .wrongNonce),
        ("no nonce", { $0.nonce = nil }, .wrongNonce),
        ("an empty nonce", { $0.nonce = "" }, .wrongNonce),
        ("no subject", { $0.subject = "" }, .noSubject),
        ("no email", { $0.email = nil }, .noEmail),
        ("email not verified", { $0.emailVerified = false }, .emailNotVerified),
        ("email verification not said", { $0.emailVerified = nil }, .emailNotVerified),
        (
            "several things wrong: the first in the list",
            {
                $0.issuer = "x"
                $0.expires = 0
            }, .wrongIssuer
        ),
    ]

    @Test("each token gets exactly its answer", arguments: cases.indices)
    func check(_ index: Int) {
        let (name, change, expected) = Self.cases[index]
        var claims = Self.good()
        change(&claims)
        #expect(IDTokenCheck.check(claims, Self.expected) == expected, "\(name)")
    }

    @Test("every refusal has words for the reader")
    func messages() {
        #expect(IDTokenCheck.Refusal.allCases.allSatisfy { !$0.message.isEmpty })
    }

    static let ann = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
    static let bob = UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!

    @Test(
        "linking: a linked identity signs in; an email that has an account needs its password once; else a new account",
        arguments: [
            (ann, nil, nil, IdentityLinking.Decision.signIn(account: ann)),
            // Linked already: the password and the email do not matter.
            (ann, bob, false, .signIn(account: ann)),
            (nil, nil, nil, .createAccount),
            (nil, nil, true, .createAccount),
            (nil, bob, nil, .needsPassword(account: bob)),
            (nil, bob, false, .wrongPassword),
            (nil, bob, true, .linkThenSignIn(account: bob)),
        ] as [(UUID?, UUID?, Bool?, IdentityLinking.Decision)])
    func linking(linked: UUID?, owner: UUID?, password: Bool?, expected: IdentityLinking.Decision) {
        #expect(IdentityLinking.decide(linkedAccount: linked, accountWithEmail: owner, passwordMatches: password) == expected)
    }
}
