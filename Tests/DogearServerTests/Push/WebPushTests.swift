import DogearCore
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices

/// A club whose members' browsers subscribe to a local push service.
struct PushedClub {
    let club: NotifiedClub
    let receiver: PushReceiver
    var app: Application { club.app }

    static func run(_ body: (PushedClub) async throws -> Void) async throws {
        let receiver = try await PushReceiver.start()
        do {
            let service = try #require(PushService(setting: receiver.baseURL))
            let adjust: (inout DogearConfig) -> Void = { $0.pushServices = [service] }
            try await withDogear(adjust: adjust) { app in
                let pushed = PushedClub(club: try await NotifiedClub.start(app), receiver: receiver)
                // What setting the club up told (a new book, members joining) is taken before any
                // browser subscribes.
                _ = try await pushed.round()
                try await body(pushed)
            }
        } catch {
            await receiver.shutdown()
            throw error
        }
        await receiver.shutdown()
    }

    /// A browser of the reader's, subscribed.
    func subscribe(_ token: String, path: String) async throws -> Browser {
        let browser = Browser(endpoint: receiver.baseURL + path)
        let reply = try await app.send(.POST, "/api/v1/push/subscriptions", token: token, json: browser.subscription)
        #expect(reply.status == .created, "\(reply.body)")
        return browser
    }

    func round() async throws -> WebPush.Round {
        try await round(at: fixedNow)
    }

    func round(at now: Date) async throws -> WebPush.Round {
        try await #require(app.webPush).runOnce(on: app.db, now: now, sessions: app.sessionLifetime, logger: app.logger)
    }

    func publicKey() async throws -> String {
        try #require(try await app.send(.GET, "/api/v1/push/key")["publicKey"] as? String)
    }

    func subscriptions(of token: String) async throws -> Int {
        let id = try #require(try await app.send(.GET, "/api/v1/me", token: token)["id"] as? String)
        return try await app.db.sql.raw("SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = \(bind: id.uuid)")
            .first()?.decode(column: "n", as: Int.self) ?? -1
    }
}

struct PushMessage: Decodable {
    var title: String
    var body: String
    var url: String
    var tag: String
}

@Suite("Web Push: a reply reaches the reader's browser, encrypted for it and signed by the server")
struct WebPushTests {
    @Test("Ann's reply is pushed to Bob's browser: it decrypts with his keys, its VAPID JWT verifies, the spoiler gate holds")
    func replyIsPushed() async throws {
        try await PushedClub.run { pushed in
            let club = pushed.club
            let browser = try await pushed.subscribe(club.club.bob, path: "/push/bob-laptop")
            let bobs = try await club.comment(club.club.bob, ["body": "What is the house?"])
            _ = try await club.comment(
                club.club.ann, ["body": "The statues move at the end!", "page": 200, "replyTo": bobs.id.uuidString])
            #expect(pushed.receiver.pushes.isEmpty, "nothing is pushed inside the request")

            let round = try await pushed.round()
            #expect(round.sent == 1 && round.failed == 0)
            let push = try #require(pushed.receiver.pushes.first)
            #expect(pushed.receiver.pushes.count == 1)
            #expect(push.path == "/push/bob-laptop")
            #expect(push.headers.first(name: "Content-Encoding") == "aes128gcm")
            #expect(push.headers.first(name: "TTL") == "86400")
            let message = try JSONDecoder().decode(PushMessage.self, from: try browser.decrypt(push.body))
            #expect(message.title == "Ann replied to you in Family")
            #expect(message.body == "Hidden until you reach page 200")
            #expect(message.url == "/clubs/\(club.club.club)#discussion")

            let claims = try await verifyVAPID(push.headers.first(name: "Authorization"), publicKey: try await pushed.publicKey())
            #expect(claims.aud.value == [pushed.receiver.baseURL])
            #expect(claims.exp.value > fixedNow && claims.exp.value <= fixedNow.addingTimeInterval(24 * 3600))
            #expect(claims.sub.value.hasPrefix("http") || claims.sub.value.hasPrefix("mailto:"))

            // A reply without a page is read in full; the first is not sent again.
            _ = try await club.comment(club.club.ann, ["body": "Keep going.", "replyTo": bobs.id.uuidString])
            #expect(try await pushed.round().sent == 1)
            let pushes = pushed.receiver.pushes
            #expect(pushes.count == 2)
            let second = try JSONDecoder().decode(PushMessage.self, from: try browser.decrypt(try #require(pushes.last).body))
            #expect(second.body == "Keep going.")
            #expect(try await pushed.round() == WebPush.Round())
        }
    }

    @Test("a push service's 410 (or 404) forgets that browser; the reader's other browser still gets the next")
    func goneBrowserIsForgotten() async throws {
        try await PushedClub.run { pushed in
            let club = pushed.club
            _ = try await pushed.subscribe(club.club.bob, path: "/push/old-phone")
            let laptop = try await pushed.subscribe(club.club.bob, path: "/push/laptop")
            pushed.receiver.answer("/push/old-phone", with: .gone)
            let bobs = try await club.comment(club.club.bob, ["body": "Anyone?"])
            _ = try await club.comment(club.club.ann, ["body": "Yes.", "replyTo": bobs.id.uuidString])
            let round = try await pushed.round()
            #expect(round.sent == 1 && round.forgotten == 1)
            #expect(try await pushed.subscriptions(of: club.club.bob) == 1)

            _ = try await club.comment(club.club.ann, ["body": "Still here.", "replyTo": bobs.id.uuidString])
            #expect(try await pushed.round().sent == 1)
            let paths = pushed.receiver.pushes.map(\.path)
            #expect(paths.filter { $0 == "/push/old-phone" }.count == 1)
            #expect(paths.filter { $0 == "/push/laptop" }.count == 2)
            let last = try JSONDecoder().decode(
                PushMessage.self, from: try laptop.decrypt(try #require(pushed.receiver.pushes.last).body))
            #expect(last.body == "Still here.")
        }
    }

    @Test("a push service that keeps failing (here: 500) is tried five times, then that browser is forgotten")
    func failingBrowserIsForgottenAfterFive() async throws {
        try await PushedClub.run { pushed in
            let club = pushed.club
            _ = try await pushed.subscribe(club.club.bob, path: "/push/broken")
            pushed.receiver.answer("/push/broken", with: .internalServerError)
            let bobs = try await club.comment(club.club.bob, ["body": "Anyone?"])
            for attempt in 1...PushRules.failuresBeforeForgetting {
                _ = try await club.comment(club.club.ann, ["body": "Reply \(attempt)", "replyTo": bobs.id.uuidString])
                let round = try await pushed.round()
                #expect(round.failed == 1)
                #expect(round.forgotten == (attempt == PushRules.failuresBeforeForgetting ? 1 : 0))
            }
            #expect(try await pushed.subscriptions(of: club.club.bob) == 0)
            #expect(pushed.receiver.pushes.count == PushRules.failuresBeforeForgetting)
        }
    }

    @Test(
        "failures count in a row: a burst of ten pushes to a failing browser is one failure, and a round that goes through starts the count again"
    )
    func failuresInARow() async throws {
        try await PushedClub.run { pushed in
            let club = pushed.club
            _ = try await pushed.subscribe(club.club.bob, path: "/push/flaky")
            let bobs = try await club.comment(club.club.bob, ["body": "Anyone?"])
            func replies(_ count: Int) async throws {
                for index in 0..<count {
                    _ = try await club.comment(club.club.ann, ["body": "Reply \(index)", "replyTo": bobs.id.uuidString])
                }
            }
            func failures() async throws -> Int? {
                try await pushed.app.db.sql.raw("SELECT failures FROM push_subscriptions").first()?
                    .decode(column: "failures", as: Int.self)
            }
            pushed.receiver.answer("/push/flaky", with: .serviceUnavailable)
            try await replies(10)
            let burst = try await pushed.round()
            #expect(burst.taken == 10 && burst.failed == 1 && burst.sent == 0)
            #expect(pushed.receiver.pushes.count == 1, "the rest of the round's pushes wait for no answer")
            #expect(try await failures() == 1)
            for _ in 2..<PushRules.failuresBeforeForgetting {
                try await replies(1)
                _ = try await pushed.round()
            }
            #expect(try await failures() == PushRules.failuresBeforeForgetting - 1)
            pushed.receiver.answer("/push/flaky", with: .created)
            try await replies(2)
            #expect(try await pushed.round().sent == 2)
            #expect(try await failures() == 0)
            pushed.receiver.answer("/push/flaky", with: .serviceUnavailable)
            try await replies(1)
            #expect(try await pushed.round().forgotten == 0)
            #expect(try await pushed.subscriptions(of: club.club.bob) == 1)
        }
    }

    @Test(
        "a browser whose session ended without a sign-out (idle past its lifetime), or whose app token was revoked, is sent nothing and forgotten"
    )
    func endedSessionsStopPushes() async throws {
        try await PushedClub.run { pushed in
            let (app, club) = (pushed.app, pushed.club)
            let appToken = try #require(
                try await app.must(
                    .POST, "/api/v1/tokens", token: club.club.bob, json: ["name": "tablet", "scopes": ["read", "write"]]
                )
                .object["token"] as? String)
            _ = try await pushed.subscribe(appToken, path: "/push/tablet")
            let tokens = try await app.send(.GET, "/api/v1/tokens", token: club.club.bob)
            let tabletID = try #require(tokens.array.first { $0["name"] as? String == "tablet" }?["id"] as? String)
            try await app.must(.DELETE, "/api/v1/tokens/\(tabletID)", token: club.club.bob)
            #expect(try await pushed.subscriptions(of: club.club.bob) == 0)

            _ = try await pushed.subscribe(club.club.bob, path: "/push/old-laptop")
            let bobs = try await club.comment(club.club.bob, ["body": "Anyone?"])
            _ = try await club.comment(club.club.ann, ["body": "Yes.", "replyTo": bobs.id.uuidString])
            // Forty days on, nobody having used Bob's session: it has ended (30 days idle).
            let later = fixedNow.addingTimeInterval(40 * 86_400)
            try await app.db.sql.raw("UPDATE notifications SET created_at = \(bind: later)").run()
            let round = try await pushed.round(at: later)
            #expect(round.sent == 0 && round.taken == 1)
            #expect(pushed.receiver.pushes.isEmpty)
            #expect(try await pushed.subscriptions(of: club.club.bob) == 0)
        }
    }

    @Test("a push's words are cut to fit the encrypted message, however they escape")
    func messageFits() throws {
        let long = String(repeating: "\u{1}é😀\"", count: 2_000)
        let record = NotificationRecord(
            id: UUID(), kind: .reply, club: ClubRef(id: UUID(), name: long), actor: PersonRef(id: UUID(), displayName: long),
            subjectID: nil, title: long, text: long, hiddenUntil: nil, createdAt: fixedNow, readAt: nil)
        let message = WebPush.message(record)
        #expect(message.count <= WebPushPayload.maxPlaintext)
        let decoded = try JSONDecoder().decode(PushMessage.self, from: message)
        #expect(decoded.title.hasPrefix("\u{1}é😀\"") && decoded.body.hasPrefix("\u{1}é😀\""))
        #expect(throws: Never.self) {
            try WebPushPayload.encrypt(
                message, p256dh: Browser(endpoint: "").key.publicKey.x963Representation, auth: Data(count: 16))
        }
    }

    @Test("signing out of the session a browser subscribed with stops its pushes (a shared browser's next reader sees none)")
    func signingOutStopsPushes() async throws {
        try await PushedClub.run { pushed in
            let (app, bob) = (pushed.app, pushed.club.club.bob)
            let phone = try await app.signIn("bob@example.com")
            _ = try await pushed.subscribe(phone, path: "/push/phone")
            _ = try await pushed.subscribe(bob, path: "/push/laptop")
            #expect(try await pushed.subscriptions(of: bob) == 2)
            try await app.must(.POST, "/api/v1/auth/signout", token: phone)
            #expect(try await pushed.subscriptions(of: bob) == 1)
            let left = try await app.db.sql.raw("SELECT endpoint FROM push_subscriptions").all()
                .map { try $0.decode(column: "endpoint", as: String.self) }
            #expect(left == [pushed.receiver.baseURL + "/push/laptop"])
        }
    }

    @Test("push off for replies, or no browser subscribed: nothing is sent, and the notification is still in the inbox")
    func pushOffSendsNothing() async throws {
        try await PushedClub.run { pushed in
            let club = pushed.club
            _ = try await pushed.subscribe(club.club.bob, path: "/push/bob")
            try await pushed.app.must(
                .PUT, "/api/v1/notifications/settings", token: club.club.bob, json: ["reply": ["push": false]])
            let bobs = try await club.comment(club.club.bob, ["body": "Hm."])
            _ = try await club.comment(club.club.ann, ["body": "Hm yourself.", "replyTo": bobs.id.uuidString])
            // Cat has no browser: her mention is taken and left to her inbox.
            _ = try await club.comment(club.club.ann, ["body": "@Cat look"])
            let round = try await pushed.round()
            #expect(round.taken == 2 && round.sent == 0)
            #expect(pushed.receiver.pushes.isEmpty)
            #expect(try await club.inbox(club.club.bob).items.first?.text == "Hm yourself.")
            #expect(try await pushed.round() == WebPush.Round())
        }
    }

    @Test("with the sender running, a reply reaches the browser without anyone running a round")
    func senderWakesOnCommit() async throws {
        try await PushedClub.run { pushed in
            let club = pushed.club
            // What `serve` starts at boot (the tests' app boots without its async handlers).
            // No first round of its own: only the commit's wake-up (or the 30 s tick, after this
            // test's 20 s wait) can send the reply.
            try #require(pushed.app.webPush).start(pushed.app, wakeNow: false)
            let browser = try await pushed.subscribe(club.club.bob, path: "/push/bob")
            let bobs = try await club.comment(club.club.bob, ["body": "Ping?"])
            _ = try await club.comment(club.club.ann, ["body": "Pong.", "replyTo": bobs.id.uuidString])
            let pushes = try await pushed.receiver.wait(for: 1)
            let push = try #require(pushes.first)
            #expect(try JSONDecoder().decode(PushMessage.self, from: try browser.decrypt(push.body)).body == "Pong.")
        }
    }

    @Test("subscriptions are checked: an unknown push service, bad keys, a point off the curve, a read-only token, no token")
    func subscriptionsAreChecked() async throws {
        try await PushedClub.run { pushed in
            let (app, bob) = (pushed.app, pushed.club.club.bob)
            let good = Browser(endpoint: pushed.receiver.baseURL + "/push/x").subscription
            func refused(_ body: [String: Any], token: String? = bob) async throws -> Reply {
                try await app.send(.POST, "/api/v1/push/subscriptions", token: token, json: body)
            }
            var body = good
            for endpoint in [
                "https://169.254.169.254/latest/meta-data", "http://localhost:8080/api/v1/clubs", "ftp://fcm.googleapis.com/x",
                "https://fcm.googleapis.com.evil.example/x", "https://user:pw@fcm.googleapis.com/x", "not a url",
                String(repeating: "a", count: 2000),
            ] {
                body["endpoint"] = endpoint
                let reply = try await refused(body)
                #expect(reply.status == .unprocessableEntity, "\(endpoint): \(reply.status)")
                #expect(reply.errorField == "endpoint")
            }
            body = good
            body["keys"] = ["p256dh": "AAAA", "auth": (good["keys"] as! [String: String])["auth"]!]
            #expect(try await refused(body).errorField == "keys.p256dh")
            body["keys"] = ["p256dh": Browser.base64URL(Data([4] + [UInt8](repeating: 7, count: 64))), "auth": "AAAA"]
            #expect(try await refused(body).errorField == "keys.auth")
            body["keys"] = [
                "p256dh": Browser.base64URL(Data([4] + [UInt8](repeating: 7, count: 64))),
                "auth": (good["keys"] as! [String: String])["auth"]!,
            ]
            let offCurve = try await refused(body)
            #expect(offCurve.status == .unprocessableEntity && offCurve.errorField == "keys.p256dh")
            #expect(try await refused(["endpoint": pushed.receiver.baseURL + "/push/x"]).status == .badRequest)
            #expect(try await pushed.subscriptions(of: bob) == 0)

            let readOnly = try #require(
                try await app.must(.POST, "/api/v1/tokens", token: bob, json: ["name": "r", "scopes": ["read"]])["token"]
                    as? String)
            #expect(try await refused(good, token: readOnly).status == .forbidden)
            #expect(try await refused(good, token: nil).status == .unauthorized)
            #expect(
                try await app.send(.DELETE, "/api/v1/push/subscriptions", token: readOnly, json: ["endpoint": "x"]).status
                    == .forbidden)
            #expect(try await pushed.subscriptions(of: bob) == 0)
            // Unsubscribing checks its endpoint as the document says (the fuzzer's find: 2,000 characters took a 204).
            for endpoint in ["", String(repeating: "$", count: 1_001), String(repeating: "e\u{301}", count: 600)] {
                let refused = try await app.send(.DELETE, "/api/v1/push/subscriptions", token: bob, json: ["endpoint": endpoint])
                #expect(refused.status == .unprocessableEntity && refused.errorField == "endpoint", "\(endpoint.count)")
            }
        }
    }

    @Test(
        "a reader keeps ten browsers (the oldest goes); an endpoint moves to whoever subscribes it; unsubscribing another's does nothing"
    )
    func subscriptionsAreTheReadersOwn() async throws {
        try await PushedClub.run { pushed in
            let (app, ann, bob) = (pushed.app, pushed.club.club.ann, pushed.club.club.bob)
            for index in 0..<12 {
                app.clock = .fixed(fixedNow.addingTimeInterval(Double(index)))
                let reply = try await app.send(
                    .POST, "/api/v1/push/subscriptions", token: bob,
                    json: Browser(endpoint: pushed.receiver.baseURL + "/push/\(index)").subscription)
                #expect(reply.status == .created)
            }
            #expect(try await pushed.subscriptions(of: bob) == PushRules.subscriptionsPerReader)
            let kept = try await app.db.sql.raw("SELECT endpoint FROM push_subscriptions ORDER BY created_at").all()
                .map { try $0.decode(column: "endpoint", as: String.self) }
            #expect(kept.first == pushed.receiver.baseURL + "/push/2")

            let shared = pushed.receiver.baseURL + "/push/11"
            #expect(
                try await app.send(.DELETE, "/api/v1/push/subscriptions", token: ann, json: ["endpoint": shared]).status
                    == .noContent)
            #expect(try await pushed.subscriptions(of: bob) == 10)
            _ = try await pushed.subscribe(ann, path: "/push/11")
            #expect(try await pushed.subscriptions(of: bob) == 9)
            #expect(try await pushed.subscriptions(of: ann) == 1)
            #expect(
                try await app.send(.DELETE, "/api/v1/push/subscriptions", token: ann, json: ["endpoint": shared]).status
                    == .noContent)
            #expect(try await pushed.subscriptions(of: ann) == 0)
        }
    }

    @Test("the VAPID key is made once and kept; a configured key is the one used")
    func keyIsKept() async throws {
        try await PushedClub.run { pushed in
            let first = try await pushed.publicKey()
            #expect(Browser.data(base64URL: first)?.count == 65)
            #expect(try await pushed.publicKey() == first)
            let stored = try await pushed.app.db.sql.raw("SELECT COUNT(*) AS n FROM server_keys WHERE name = 'vapid'").first()?
                .decode(column: "n", as: Int.self)
            #expect(stored == 1)
            // Another process on the same database reads the same key.
            let other = WebPush(services: [], subject: "mailto:ops@example.com", configuredKey: nil, running: false)
            #expect(VAPID.publicKey(try await other.signingKey(on: pushed.app.db, now: fixedNow)) == first)
        }
        let key = P256.Signing.PrivateKey()
        let configured = Browser.base64URL(key.rawRepresentation)
        let adjust: (inout DogearConfig) -> Void = { $0.vapidPrivateKey = configured }
        try await withDogear(adjust: adjust) { app in
            let published = try await app.send(.GET, "/api/v1/push/key")["publicKey"] as? String
            #expect(published == VAPID.publicKey(key))
        }
    }

    @Test("a reader deleting their account takes their browsers with them")
    func browsersGoWithTheAccount() async throws {
        try await PushedClub.run { pushed in
            let bob = pushed.club.club.bob
            _ = try await pushed.subscribe(bob, path: "/push/bob")
            #expect(try await pushed.subscriptions(of: bob) == 1)
            try await pushed.app.must(.DELETE, "/api/v1/me", token: bob, json: ["currentPassword": "long enough"])
            #expect(
                try await pushed.app.db.sql.raw("SELECT COUNT(*) AS n FROM push_subscriptions").first()?
                    .decode(column: "n", as: Int.self) == 0)
        }
    }
}
