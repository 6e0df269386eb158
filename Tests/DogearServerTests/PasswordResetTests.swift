import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Recovery without mail: the operator's printed link. The same links by mail through a real SMTP
/// server are `Tests/mail/test_password_reset.py` (run by `scripts/test-mail.sh` in CI).
@Suite("Password recovery: one-time links that expire and end every session")
struct PasswordResetTests {
    /// The token at the end of a printed link.
    static func token(in lines: [String]) throws -> String {
        let link = try #require(lines.first { $0.contains("/reset-password/") })
        #expect(link.hasPrefix("http://dogear.test/reset-password/"))
        return String(link.split(separator: "/").last ?? "")
    }

    @Test("dogear user reset-link prints a link that sets a new password once and ends every session and app token")
    func operatorLink() async throws {
        try await withDogear(
            adjust: { $0.baseURL = "http://dogear.test" },
            { app in
                let ann = try await app.signUp("ann@example.com", name: "Ann")
                let other =
                    try await app.send(
                        .POST, "/api/v1/auth/signin", json: ["email": "ann@example.com", "password": "long enough"])["token"]
                    as? String
                let appToken = try #require(
                    try await app.send(.POST, "/api/v1/tokens", token: ann, json: ["name": "Script", "scopes": ["read"]])["token"]
                        as? String)
                let token = try Self.token(in: try await app.runUserCommand("reset-link", "ANN@example.com"))

                let short = try await app.send(
                    .POST, "/api/v1/auth/password-reset/confirm", json: ["token": token, "newPassword": "short"])
                #expect(short.status == .unprocessableEntity && short.errorField == "newPassword")
                // A refused password leaves the link working and the sessions signed in.
                #expect(try await app.send(.GET, "/api/v1/me", token: ann).status == .ok)

                let used = try await app.send(
                    .POST, "/api/v1/auth/password-reset/confirm", json: ["token": token, "newPassword": "a new secret"])
                #expect(used.status == .noContent, "\(used.body)")
                for old in [ann, other, appToken] {
                    #expect(try await app.send(.GET, "/api/v1/me", token: old).status == .unauthorized)
                }
                let again = try await app.send(
                    .POST, "/api/v1/auth/password-reset/confirm", json: ["token": token, "newPassword": "another one"])
                #expect(again.status == .unprocessableEntity && again.errorCode == "invalidResetLink")

                let oldPassword = try await app.send(
                    .POST, "/api/v1/auth/signin", json: ["email": "ann@example.com", "password": "long enough"])
                #expect(oldPassword.status == .unauthorized)
                let newPassword = try await app.send(
                    .POST, "/api/v1/auth/signin", json: ["email": "ann@example.com", "password": "a new secret"])
                #expect(newPassword.status == .ok)
                #expect(try await AccountLink.query(on: app.db).count() == 0)
            })
    }

    @Test("a link stops working after an hour, and a newer link replaces an older one")
    func expiry() async throws {
        try await withDogear(
            adjust: { $0.baseURL = "http://dogear.test" },
            { app in
                _ = try await app.signUp("ann@example.com", name: "Ann")
                let first = try Self.token(in: try await app.runUserCommand("reset-link", "ann@example.com"))
                let second = try Self.token(in: try await app.runUserCommand("reset-link", "ann@example.com"))
                let replaced = try await app.send(
                    .POST, "/api/v1/auth/password-reset/confirm", json: ["token": first, "newPassword": "a new secret"])
                #expect(replaced.errorCode == "invalidResetLink")

                app.clock = .fixed(fixedNow.addingTimeInterval(59 * 60))
                #expect(try await WebClient(app).get("/reset-password/\(second)").status == .ok)
                app.clock = .fixed(fixedNow.addingTimeInterval(61 * 60))
                let page = try await WebClient(app).get("/reset-password/\(second)")
                #expect(page.status == .notFound)
                #expect(page.body.contains("This link has expired or was already used."))
                let late = try await app.send(
                    .POST, "/api/v1/auth/password-reset/confirm", json: ["token": second, "newPassword": "a new secret"])
                #expect(late.status == .unprocessableEntity && late.errorCode == "invalidResetLink")
                #expect(
                    try await app.send(
                        .POST, "/api/v1/auth/signin", json: ["email": "ann@example.com", "password": "long enough"]
                    )
                    .status == .ok)
            })
    }

    @Test("asking answers the same for an address with an account and one without; asking too often is limited")
    func askingRevealsNothing() async throws {
        try await withDogear { app in
            _ = try await app.signUp("ann@example.com", name: "Ann")
            let known = try await app.send(.POST, "/api/v1/auth/password-reset", json: ["email": "ann@example.com"])
            let unknown = try await app.send(.POST, "/api/v1/auth/password-reset", json: ["email": "nobody@example.com"])
            #expect(known.status == .accepted)
            #expect(known.status == unknown.status && known.body == unknown.body)
            let empty = try await app.send(.POST, "/api/v1/auth/password-reset", json: ["email": ""])
            #expect(empty.status == .unprocessableEntity && empty.errorField == "email")
            for _ in 0..<4 {
                #expect(
                    try await app.send(.POST, "/api/v1/auth/password-reset", json: ["email": "ann@example.com"]).status
                        == .accepted)
            }
            let limited = try await app.send(.POST, "/api/v1/auth/password-reset", json: ["email": "ann@example.com"])
            #expect(limited.status == .tooManyRequests && limited.headers.first(name: .retryAfter) != nil)
            // Sign-in is its own count: Ann still signs in.
            #expect(
                try await app.send(.POST, "/api/v1/auth/signin", json: ["email": "ann@example.com", "password": "long enough"])
                    .status == .ok)
        }
    }

    @Test("the pages: forgot (says the server sends no mail), reset with a short password kept on the form, then sign in")
    func pages() async throws {
        try await withDogear(
            adjust: { $0.baseURL = "http://dogear.test" },
            { app in
                _ = try await app.signUp("ann@example.com", name: "Ann")
                let web = WebClient(app)
                let signIn = try await web.get("/signin")
                #expect(signIn.body.contains("href=\"/forgot-password\""))
                let forgot = try await web.get("/forgot-password")
                #expect(forgot.body.contains("This server does not send mail"))
                let asked = try await web.post("/forgot-password", [("email", "ann@example.com")])
                #expect(asked.status == .ok)
                #expect(asked.body.contains("Ask whoever runs it for a reset link"))

                let token = try Self.token(in: try await app.runUserCommand("reset-link", "ann@example.com"))
                try await web.get("/reset-password/\(token)")
                let short = try await web.post("/reset-password/\(token)", [("newPassword", "short")])
                #expect(short.status == .unprocessableEntity)
                #expect(short.body.contains("Must be at least 8 characters"))
                let done = try await web.post("/reset-password/\(token)", [("newPassword", "a new secret")])
                #expect(done.location == "/signin?reset=1")
                #expect(try await web.get("/signin?reset=1").body.contains("Your password was changed."))
                let signedIn = try await web.post("/signin", [("email", "ann@example.com"), ("password", "a new secret")])
                #expect(signedIn.status == .seeOther && signedIn.location == "/")
            })
    }

    @Test("SMTP_URL: smtp is STARTTLS, smtps is TLS, smtp+plain says so; credentials decoded; bad values name the setting")
    func settings() throws {
        let plain = try SMTPSettings.parse(url: "smtp+plain://127.0.0.1:2525", from: "books@example.com", caFile: nil)
        #expect(plain.security == .none && plain.port == 2525 && plain.username == nil)
        let starttls = try SMTPSettings.parse(
            url: "smtp://ann%40example.com:p%3Ass@mail.example.com", from: "Dogear <books@example.com>", caFile: "/ca.pem")
        #expect(starttls.security == .startTLS && starttls.port == 587)
        #expect(starttls.username == "ann@example.com" && starttls.password == "p:ss")
        #expect(starttls.fromAddress == "books@example.com" && starttls.caFile == "/ca.pem")
        #expect(try SMTPSettings.parse(url: "smtps://mail.example.com", from: "a@b.c", caFile: nil).port == 465)
        #expect(throws: ConfigError.self) { try SMTPSettings.parse(url: "http://mail.example.com", from: "a@b.c", caFile: nil) }
        #expect(throws: ConfigError.self) { try SMTPSettings.parse(url: "smtp://mail.example.com", from: nil, caFile: nil) }
        #expect(throws: ConfigError.self) {
            try SMTPSettings.parse(url: "smtp://mail.example.com", from: "a@b.c\r\nBcc: x@y.z", caFile: nil)
        }
    }

    @Test("a mail's text: headers, CRLF, base64 body, a non-ASCII subject encoded, nothing a header can be smuggled into")
    func mailText() throws {
        let text = SMTPClient.data(
            MailMessage(to: "ann@example.com", subject: "Réinitialiser\r\nBcc: evil@example.com", body: "Line one\n.dot\nÉté"),
            from: "books@example.com", fromHeader: "Dogear <books@example.com>", date: fixedNow)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.contains("From: Dogear <books@example.com>"))
        #expect(lines.contains("To: <ann@example.com>"))
        #expect(lines.contains("Date: Sat, 14 Mar 2026 10:30:00 +0000"))
        #expect(!lines.contains { $0.hasPrefix("Bcc:") })
        #expect(lines.contains { $0.hasPrefix("Subject: =?utf-8?B?") })
        #expect(text.hasSuffix("\r\n."))
        let blank = try #require(lines.firstIndex(of: ""))
        let body = lines[(blank + 1)..<(lines.count - 1)].joined()
        #expect(String(decoding: Data(base64Encoded: body) ?? Data(), as: UTF8.self) == "Line one\r\n.dot\r\nÉté")
    }
}
