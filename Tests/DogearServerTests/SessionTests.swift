import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Sessions end: idle and absolute lifetimes, sliding cookies")
struct SessionTests {
    func at(_ app: Application, days: Double) {
        app.clock = .fixed(fixedNow.addingTimeInterval(days * 86_400))
    }

    @Test("a session unused for longer than the idle lifetime ends, and its row goes")
    func idle() async throws {
        try await withDogear(
            adjust: { $0.sessionIdleDays = 30 },
            { app in
                let token = try await app.signUp()
                at(app, days: 29)
                #expect(try await app.send(.GET, "/api/v1/me", token: token).status == .ok)
                at(app, days: 58)  // 29 days after its last use: still good
                #expect(try await app.send(.GET, "/api/v1/me", token: token).status == .ok)
                at(app, days: 89)  // 31 days unused
                #expect(try await app.send(.GET, "/api/v1/me", token: token).status == .unauthorized)
                #expect(try await UserToken.query(on: app.db).count() == 0)
            })
    }

    @Test("a session in daily use still ends at its absolute lifetime")
    func absolute() async throws {
        try await withDogear(
            adjust: {
                $0.sessionIdleDays = 30
                $0.sessionMaxDays = 90
            },
            { app in
                let token = try await app.signUp()
                for day in stride(from: 20.0, through: 80, by: 20) {
                    at(app, days: day)
                    #expect(try await app.send(.GET, "/api/v1/me", token: token).status == .ok)
                }
                at(app, days: 90.5)
                #expect(try await app.send(.GET, "/api/v1/me", token: token).status == .unauthorized)
            })
    }

    @Test("a use is recorded at most once a minute; the web cookie slides when it is")
    func touchAndSlide() async throws {
        try await withDogear(
            adjust: { $0.sessionIdleDays = 30 },
            { app in
                let web = WebClient(app)
                try await web.get("/signup")
                let signedUp = try await web.post(
                    "/signup", [("email", "ann@example.com"), ("displayName", "Ann"), ("password", "long enough")])
                let cookie = try #require(signedUp.headers.setCookie?[WebCookies.session])
                #expect(cookie.maxAge == 30 * 86_400)
                let row = try #require(try await UserToken.query(on: app.db).first())
                #expect(row.lastUsedAt == nil)

                app.clock = .fixed(fixedNow.addingTimeInterval(30))
                let soon = try await web.get("/library")
                #expect(soon.headers.setCookie?[WebCookies.session] == nil)  // under a minute: no write, no new cookie
                #expect(try await UserToken.query(on: app.db).first()?.lastUsedAt == nil)

                app.clock = .fixed(fixedNow.addingTimeInterval(120))
                let later = try await web.get("/library")
                #expect(later.headers.setCookie?[WebCookies.session]?.maxAge == 30 * 86_400)
                #expect(try await UserToken.query(on: app.db).first()?.lastUsedAt == fixedNow.addingTimeInterval(120))
            })
    }

    /// Signs Ann in again from another device; returns that token.
    func signIn(_ app: Application, _ password: String = "long enough", device: String) async throws -> Reply {
        try await app.send(
            .POST, "/api/v1/auth/signin", json: ["email": "ann@example.com", "password": password],
            headers: ["User-Agent": device])
    }

    @Test("a reader lists their sessions (device, last used, this one) and ends one or every other; another's is not found")
    func listAndEnd() async throws {
        try await withDogear { app in
            let phone = try await app.signUp("ann@example.com", password: "long enough")
            let laptop = try #require(try await signIn(app, device: "Laptop/1.0")["token"] as? String)
            let tablet = try #require(try await signIn(app, device: "Tablet/2.0")["token"] as? String)
            let bob = try await app.signUp("bob@example.com")
            let sessions = try await app.send(.GET, "/api/v1/sessions", token: laptop).decode([DeviceSessionDTO].self)
            #expect(sessions.count == 3)
            #expect(sessions.filter(\.current).map(\.userAgent) == ["Laptop/1.0"])
            let tabletID = try #require(sessions.first { $0.userAgent == "Tablet/2.0" }?.id)
            // Bob cannot see or end Ann's sessions: not found, as if it did not exist.
            #expect(try await app.send(.DELETE, "/api/v1/sessions/\(tabletID)", token: bob).status == .notFound)
            #expect(try await app.send(.GET, "/api/v1/sessions", token: bob).decode([DeviceSessionDTO].self).count == 1)
            // Ann ends the tablet's; then every other one.
            #expect(try await app.send(.DELETE, "/api/v1/sessions/\(tabletID)", token: laptop).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/me", token: tablet).status == .unauthorized)
            #expect(try await app.send(.GET, "/api/v1/me", token: phone).status == .ok)
            #expect(try await app.send(.DELETE, "/api/v1/sessions", token: laptop).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/me", token: phone).status == .unauthorized)
            #expect(try await app.send(.GET, "/api/v1/me", token: laptop).status == .ok)
            #expect(try await app.send(.GET, "/api/v1/me", token: bob).status == .ok)
        }
    }

    @Test("changing the password needs the current one and ends every other session")
    func changePassword() async throws {
        try await withDogear { app in
            let phone = try await app.signUp("ann@example.com", password: "long enough")
            let laptop = try #require(try await signIn(app, device: "Laptop")["token"] as? String)
            let wrong = try await app.send(
                .POST, "/api/v1/me/password", token: laptop,
                json: ["currentPassword": "guess", "newPassword": "brand new secret"])
            #expect(wrong.status == .unprocessableEntity)
            #expect(wrong.errorField == "currentPassword")
            let short = try await app.send(
                .POST, "/api/v1/me/password", token: laptop, json: ["currentPassword": "long enough", "newPassword": "x"])
            #expect(short.errorField == "newPassword")
            #expect(try await app.send(.GET, "/api/v1/me", token: phone).status == .ok)  // refused changes end nothing

            let changed = try await app.send(
                .POST, "/api/v1/me/password", token: laptop,
                json: ["currentPassword": "long enough", "newPassword": "brand new secret"])
            #expect(changed.status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/me", token: phone).status == .unauthorized)
            #expect(try await app.send(.GET, "/api/v1/me", token: laptop).status == .ok)
            #expect(try await signIn(app, device: "x").status == .unauthorized)
            #expect(try await signIn(app, "brand new secret", device: "x").status == .ok)
        }
    }

    @Test("changing the email needs the current password and ends every other session; the same email needs nothing")
    func changeEmail() async throws {
        try await withDogear { app in
            let phone = try await app.signUp("ann@example.com", password: "long enough")
            let laptop = try #require(try await signIn(app, device: "Laptop")["token"] as? String)
            let without = try await app.send(.PATCH, "/api/v1/me", token: laptop, json: ["email": "ann@elsewhere.example"])
            #expect(without.status == .unprocessableEntity)
            #expect(without.errorField == "currentPassword")
            let wrong = try await app.send(
                .PATCH, "/api/v1/me", token: laptop, json: ["email": "ann@elsewhere.example", "currentPassword": "guess"])
            #expect(wrong.errorField == "currentPassword")
            #expect(try await app.send(.PATCH, "/api/v1/me", token: laptop, json: ["email": "ANN@example.com"]).status == .ok)
            #expect(try await app.send(.GET, "/api/v1/me", token: phone).status == .ok)

            let moved = try await app.send(
                .PATCH, "/api/v1/me", token: laptop,
                json: ["email": "ann@elsewhere.example", "currentPassword": "long enough"])
            #expect(moved.status == .ok)
            #expect(try await app.send(.GET, "/api/v1/me", token: phone).status == .unauthorized)
            #expect(try await app.send(.GET, "/api/v1/me", token: laptop).status == .ok)
        }
    }

    @Test("the security page lists the devices, ends one, and changes the password (wrong current one said beside its field)")
    func securityPage() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp("ann@example.com", password: "long enough")
            let phone = try #require(
                try await signIn(app, device: "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0")["token"]
                    as? String)
            var page = try await web.get("/profile/security")
            #expect(page.body.contains("Firefox on Linux"))
            #expect(page.body.contains("this device"))
            let phoneID = try #require(
                try await app.send(.GET, "/api/v1/sessions", token: phone).decode([DeviceSessionDTO].self).first(
                    where: \.current)?.id)
            let ended = try await web.post("/profile/sessions/\(phoneID)/end", [])
            #expect(ended.location == "/profile/security#devices")
            #expect(try await app.send(.GET, "/api/v1/me", token: phone).status == .unauthorized)
            page = try await web.get("/profile/security")
            #expect(!page.body.contains("Firefox on Linux"))

            let wrong = try await web.post(
                "/profile/password", [("currentPassword", "guess"), ("newPassword", "brand new secret")])
            #expect(wrong.status == .unprocessableEntity)
            #expect(wrong.body.contains("id=\"field-currentPassword-error\""))
            let laptop = try #require(try await signIn(app, device: "Laptop")["token"] as? String)
            try await web.get("/profile/security")
            let changed = try await web.post(
                "/profile/password", [("currentPassword", "long enough"), ("newPassword", "brand new secret")])
            #expect(changed.location == "/profile/security?changed=1")
            #expect(try await web.get("/profile/security?changed=1").body.contains("Other devices were signed out"))
            #expect(try await app.send(.GET, "/api/v1/me", token: laptop).status == .unauthorized)
        }
    }

    @Test(
        "device names from user agents",
        arguments: [
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
                "Safari on iPhone"
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0",
                "Edge on Windows"
            ),
            ("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36", "Chrome on Android"),
            ("DogearSync/1.2 (iOS)", "DogearSync/1.2 (iOS)"), ("", "Unknown device"),
        ])
    func deviceNames(_ agent: String, _ name: String) {
        #expect(SecurityPages.deviceName(agent) == name)
    }

    @Test("a token is kept as its SHA-256 in lower-case hex, as every stored session was written")
    func tokenHash() {
        #expect(TokenHashing.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(TokenHashing.hash("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
