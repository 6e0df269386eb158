import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// The web's side of Sign in with Apple and Google: the providers' buttons (and their scripts in
/// the CSP) only when set up, and the callbacks the providers post their tokens to.
@Suite("Sign in with Apple and Google on the web")
struct ProviderSignInPageTests {
    /// The nonce the page handed to the provider's button.
    static func nonce(in html: String) throws -> String {
        let range = try #require(html.range(of: "data-nonce=\""))
        let rest = html[range.upperBound...]
        return String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)])
    }

    @Test("without providers: no buttons, no provider scripts, nothing of theirs allowed by the CSP")
    func hiddenWhenOff() async throws {
        try await withDogear { app in
            for path in ["/signin", "/signup"] {
                let page = try await WebClient(app).get(path)
                #expect(!page.body.contains("g_id_onload") && !page.body.contains("appleid"))
                let csp = page.headers.first(name: "Content-Security-Policy") ?? ""
                #expect(csp.contains("script-src 'self';") && !csp.contains("google") && !csp.contains("apple"))
            }
            #expect(try await SignInNonce.query(on: app.db).count() == 0)
        }
    }

    @Test("with providers: their buttons with this server's client id, callback and a nonce it issued; their scripts allowed")
    func shownWhenOn() async throws {
        try await withTestProvider { app, _ in
            let page = try await WebClient(app).get("/signin")
            #expect(page.body.contains("data-client_id=\"web-client\""))
            #expect(page.body.contains("data-login_uri=\"http://dogear.test/auth/google/callback\""))
            #expect(page.body.contains("name=\"appleid-signin-redirect-uri\" content=\"http://dogear.test/auth/apple/callback\""))
            #expect(page.body.contains("src=\"https://accounts.google.com/gsi/client\""))
            let nonce = try Self.nonce(in: page.body)
            #expect(try await SignInNonce.query(on: app.db).filter(\.$nonceHash == TokenHashing.hash(nonce)).count() == 1)
            let csp = page.headers.first(name: "Content-Security-Policy") ?? ""
            #expect(csp.contains("script-src 'self' https://accounts.google.com/gsi/client https://appleid.cdn-apple.com"))
            #expect(csp.contains("frame-src https://accounts.google.com/gsi/ https://appleid.apple.com"))
            #expect(try await WebClient(app).get("/signup").body.contains("g_id_signin"))
        }
    }

    @Test("Google's callback: its double-submit cookie checked; a good token signs in a new reader and opens the first-run page")
    func googleCallback() async throws {
        try await withTestProvider { app, provider in
            let web = WebClient(app)
            let nonce = try Self.nonce(in: try await web.get("/signin").body)
            let token = try await provider.token(nonce: nonce)

            // Without Google's matching cookie: refused, nothing made, the nonce still good.
            let forged = try await web.post(
                "/auth/google/callback", [("credential", token), ("g_csrf_token", "abc")], csrf: false)
            #expect(forged.status == .unauthorized)
            #expect(forged.body.contains("did not come back as expected"))
            #expect(try await User.query(on: app.db).count() == 0)

            web.cookies["g_csrf_token"] = "abc"
            let signedIn = try await web.post(
                "/auth/google/callback", [("credential", token), ("g_csrf_token", "abc")], csrf: false)
            #expect(signedIn.status == .seeOther && signedIn.location == "/welcome", "\(signedIn.body.prefix(300))")
            #expect(try await web.get("/welcome").status == .ok)

            // The same token again (a replay, even from a browser holding its nonce): the nonce is used up.
            let other = WebClient(app)
            other.cookies["g_csrf_token"] = "abc"
            other.cookies[ProviderNonceCookie.name] = nonce
            let replay = try await other.post(
                "/auth/google/callback", [("credential", token), ("g_csrf_token", "abc")], csrf: false)
            #expect(replay.status == .unauthorized)
            #expect(replay.body.contains("already used") || replay.body.contains("unknown or has expired"))
        }
    }

    @Test("Apple's callback: the state is the nonce; an expired token says so on the sign-in page")
    func appleCallback() async throws {
        try await withTestProvider { app, provider in
            let web = WebClient(app)
            let nonce = try Self.nonce(in: try await web.get("/signin").body)
            let expired = try await provider.token(nonce: nonce, subject: "apple-1") {
                $0["exp"] = Int(fixedNow.timeIntervalSince1970) - 3600
                $0["iat"] = Int(fixedNow.timeIntervalSince1970) - 7200
            }
            let refused = try await web.post("/auth/apple/callback", [("id_token", expired), ("state", nonce)], csrf: false)
            #expect(refused.status == .unauthorized)
            #expect(refused.body.contains("The sign-in token has expired; sign in again."))

            let good = try await provider.token(nonce: nonce, subject: "apple-1")
            let signedIn = try await web.post("/auth/apple/callback", [("id_token", good), ("state", nonce)], csrf: false)
            #expect(signedIn.location == "/welcome")
            #expect(try await Identity.query(on: app.db).first()?.provider == .apple)
        }
    }

    @Test("login CSRF: a callback carrying another browser's nonce is refused; the nonce's own browser signs in")
    func callbackBoundToItsBrowser() async throws {
        try await withTestProvider { app, provider in
            // The attacker starts a sign-in in their own browser and gets a token for their account.
            let attacker = WebClient(app)
            let nonce = try Self.nonce(in: try await attacker.get("/signin").body)
            let token = try await provider.token(nonce: nonce, subject: "apple-attacker")
            // Their page makes the victim's browser post it: the victim's browser never held that nonce.
            let victim = WebClient(app)
            try await victim.get("/signin")
            let refused = try await victim.post("/auth/apple/callback", [("id_token", token), ("state", nonce)], csrf: false)
            #expect(refused.status != .seeOther)
            #expect(refused.body.contains("This sign-in was not started in this browser; try again."))
            #expect(victim.cookies[WebCookies.session] == nil)
            #expect(try await Identity.query(on: app.db).count() == 0)
            // The browser that showed the button finishes it.
            let signedIn = try await attacker.post("/auth/apple/callback", [("id_token", token), ("state", nonce)], csrf: false)
            #expect(signedIn.location == "/welcome")
        }
    }

    @Test("an email that has an account: the link page asks for its password once, then Google alone signs in")
    func linkPage() async throws {
        try await withTestProvider { app, provider in
            _ = try await app.signUp("ann@example.com", name: "Ann")
            let web = WebClient(app)
            var nonce = try Self.nonce(in: try await web.get("/signin").body)
            web.cookies["g_csrf_token"] = "abc"
            let toLink = try await web.post(
                "/auth/google/callback", [("credential", try await provider.token(nonce: nonce)), ("g_csrf_token", "abc")],
                csrf: false)
            let linkPath = try #require(toLink.location)
            #expect(linkPath.hasPrefix("/auth/link/"))
            let page = try await web.get(linkPath)
            #expect(page.body.contains("ann@example.com already has a Dogear account"))
            let wrong = try await web.post(linkPath, [("password", "not it")])
            #expect(wrong.status == .unprocessableEntity && wrong.body.contains("Is not your current password."))
            let linked = try await web.post(linkPath, [("password", "long enough")])
            #expect(linked.location == "/")
            #expect(try await web.get(linkPath).status == .notFound)

            let fresh = WebClient(app)
            nonce = try Self.nonce(in: try await fresh.get("/signin").body)
            fresh.cookies["g_csrf_token"] = "abc"
            let direct = try await fresh.post(
                "/auth/google/callback", [("credential", try await provider.token(nonce: nonce)), ("g_csrf_token", "abc")],
                csrf: false)
            #expect(direct.location == "/")
            #expect(try await User.query(on: app.db).count() == 1)
        }
    }
}

@Suite("Deleting an account that signs in with Google, on the web")
struct ProviderDeletePageTests {
    @Test("the delete page offers Google instead of a password; its token deletes the account, another person's does not")
    func deleteBySigningInAgain() async throws {
        try await withTestProvider { app, provider in
            let web = WebClient(app)
            var nonce = try ProviderSignInPageTests.nonce(in: try await web.get("/signin").body)
            web.cookies["g_csrf_token"] = "abc"
            let created = try await web.post(
                "/auth/google/callback", [("credential", try await provider.token(nonce: nonce)), ("g_csrf_token", "abc")],
                csrf: false)
            #expect(created.location == "/welcome")

            let page = try await web.get("/profile/delete")
            #expect(page.body.contains("This account has no password"))
            #expect(!page.body.contains("name=\"currentPassword\""))
            nonce = try ProviderSignInPageTests.nonce(in: page.body)

            // Someone else's Google account cannot confirm it.
            let intruder = try await web.post(
                "/auth/google/callback",
                [("credential", try await provider.token(nonce: nonce, subject: "someone-else")), ("g_csrf_token", "abc")],
                csrf: false)
            #expect(intruder.status == .unauthorized)
            #expect(try await User.query(on: app.db).count() == 1)

            nonce = try ProviderSignInPageTests.nonce(in: try await web.get("/profile/delete").body)
            let deleted = try await web.post(
                "/auth/google/callback", [("credential", try await provider.token(nonce: nonce)), ("g_csrf_token", "abc")],
                csrf: false)
            #expect(deleted.location == "/signin?deleted=1")
            #expect(try await User.query(on: app.db).count() == 0)
            #expect(try await SignInNonce.query(on: app.db).filter(\.$purpose == .deleteAccount).count() == 0)
        }
    }
}
