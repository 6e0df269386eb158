import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer

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
}
