import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Tokens for apps: named, scoped, expiring, revocable")
struct AppTokenTests {
    func make(_ app: Application, _ session: String, scopes: [String], days: Int? = nil) async throws -> AppTokenDTO {
        var body: [String: Any] = ["name": "Kobo sync", "scopes": scopes]
        if let days { body["expiresInDays"] = days }
        let reply = try await app.send(.POST, "/api/v1/tokens", token: session, json: body)
        #expect(reply.status == .created, "\(reply.body)")
        return try reply.decode(AppTokenDTO.self)
    }

    @Test("a token used in its first minute says when; a token made with an Idempotency-Key keeps no secret in the key's store")
    func firstUseAndStoredAnswer() async throws {
        try await withDogear { app in
            let session = try await app.signUp()
            let key = UUID().uuidString
            // The same bytes both times (a dictionary's keys may serialize in another order).
            let body = #"{"name": "Kobo sync", "scopes": ["read"]}"#
            let made = try await app.send(.POST, "/api/v1/tokens", token: session, raw: body, headers: ["Idempotency-Key": key])
            #expect(made.status == .created)
            let secret = try #require(made["token"] as? String)
            // The first use, seconds after it was made, is recorded.
            #expect(try await app.send(.GET, "/api/v1/library", token: secret).status == .ok)
            let listed = try await app.send(.GET, "/api/v1/tokens", token: session).decode([AppTokenDTO].self)
            #expect(listed.first?.lastUsedAt != nil)
            // Nowhere in the idempotency table (nor in a backup of it) is the secret.
            let stored = try await app.db.sql.raw("SELECT body FROM idempotency_keys").all()
            #expect(stored.count == 1)
            for row in stored {
                let text = String(decoding: try row.decode(column: "body", as: Data.self), as: UTF8.self)
                #expect(!text.contains(secret))
                #expect(text.contains("Kobo sync"))
            }
            // A replay answers the same token without its secret.
            let replay = try await app.send(
                .POST, "/api/v1/tokens", token: session, raw: body, headers: ["Idempotency-Key": key])
            #expect(replay.status == .created, "\(replay.body)")
            #expect(replay.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(replay["id"] as? String == made["id"] as? String)
            #expect(replay["token"] is NSNull)
            #expect(try await app.send(.GET, "/api/v1/tokens", token: session).array.count == 1)
        }
    }

    @Test("the secret is shown once; a read token reads, a write token changes, neither manages the account")
    func scopes() async throws {
        try await withDogear { app in
            let session = try await app.signUp("ann@example.com", password: "long enough")
            let reader = try await make(app, session, scopes: ["read"])
            let readToken = try #require(reader.token)
            #expect(reader.scopes == ["read"])
            let listed = try await app.send(.GET, "/api/v1/tokens", token: session).decode([AppTokenDTO].self)
            #expect(listed.map(\.name) == ["Kobo sync"])
            #expect(listed.allSatisfy { $0.token == nil })

            #expect(try await app.send(.GET, "/api/v1/library", token: readToken).status == .ok)
            let write = try await app.send(
                .POST, "/api/v1/library", token: readToken, json: ["book": ["title": "X", "authors": ["Y"]]])
            #expect(write.status == .forbidden)
            #expect(write.errorCode == "insufficientScope")

            let writer = try #require(try await make(app, session, scopes: ["write"]).token)
            #expect(
                try await app.send(.POST, "/api/v1/library", token: writer, json: ["book": ["title": "X", "authors": ["Y"]]])
                    .status
                    == .created)
            for (method, path) in [
                (HTTPMethod.GET, "/api/v1/tokens"), (.POST, "/api/v1/tokens"), (.GET, "/api/v1/sessions"),
                (.POST, "/api/v1/me/password"),
            ] {
                let reply = try await app.send(method, path, token: writer, json: ["name": "More", "scopes": ["write"]])
                #expect(reply.errorCode == "insufficientScope", "\(method) \(path)")
            }
            let email = try await app.send(
                .PATCH, "/api/v1/me", token: writer, json: ["email": "x@example.com", "currentPassword": "long enough"])
            #expect(email.errorCode == "insufficientScope")
            #expect(try await app.send(.PATCH, "/api/v1/me", token: writer, json: ["displayName": "Ann K."]).status == .ok)

            let bad = try await app.send(.POST, "/api/v1/tokens", token: session, json: ["name": "X", "scopes": ["admin"]])
            #expect(bad.errorField == "scopes")
        }
    }

    @Test("an app token lasts until its expiry or revocation, however rarely used; sessions and password changes leave it")
    func lifetime() async throws {
        try await withDogear { app in
            let session = try await app.signUp("ann@example.com", password: "long enough")
            let lasting = try #require(try await make(app, session, scopes: ["read"]).token)
            let expiring = try #require(try await make(app, session, scopes: ["read"], days: 1).token)
            #expect(try await app.send(.GET, "/api/v1/sessions", token: session).decode([DeviceSessionDTO].self).count == 1)
            try await app.must(
                .POST, "/api/v1/me/password", token: session,
                json: ["currentPassword": "long enough", "newPassword": "another secret"])
            app.clock = .fixed(fixedNow.addingTimeInterval(2 * 86_400))
            #expect(try await app.send(.GET, "/api/v1/me", token: expiring).status == .unauthorized)
            app.clock = .fixed(fixedNow.addingTimeInterval(400 * 86_400))  // past any session's lifetime
            #expect(try await app.send(.GET, "/api/v1/me", token: lasting).status == .ok)
        }
    }

    @Test("revoking: one's own token stops working; another reader's is not found")
    func revoke() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            let token = try await make(app, ann, scopes: ["read"])
            #expect(try await app.send(.DELETE, "/api/v1/tokens/\(token.id)", token: bob).status == .notFound)
            #expect(try await app.send(.DELETE, "/api/v1/sessions/\(token.id)", token: ann).status == .notFound)
            #expect(try await app.send(.DELETE, "/api/v1/tokens/\(token.id)", token: ann).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/me", token: try #require(token.token)).status == .unauthorized)
        }
    }

    @Test("the tokens page makes a token and shows its secret once, keeps what was typed when refused, and revokes")
    func page() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            try await web.get("/profile/tokens")
            let refused = try await web.post("/profile/tokens", [("name", "Kobo"), ("scope", "read"), ("expiresInDays", "soon")])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("id=\"field-expiresInDays-error\""))
            #expect(refused.body.contains("value=\"Kobo\""))
            let made = try await web.post("/profile/tokens", [("name", "Kobo sync"), ("scope", "read"), ("expiresInDays", "")])
            #expect(made.status == .ok)
            let secret = try #require(
                made.body.components(separatedBy: "class=\"token-secret\">").dropFirst().first?.components(separatedBy: "<").first
            )
            #expect(try await app.send(.GET, "/api/v1/library", token: secret).status == .ok)
            let again = try await web.get("/profile/tokens")
            #expect(!again.body.contains(secret))
            #expect(again.body.contains("Kobo sync"))
            #expect(again.body.contains("Read only"))
            let id = try #require(try await UserToken.query(on: app.db).filter(\.$kind == "app").first()?.id)
            #expect(try await web.post("/profile/tokens/\(id)/revoke", []).location == "/profile/tokens#tokens")
            #expect(try await app.send(.GET, "/api/v1/library", token: secret).status == .unauthorized)
        }
    }
}
