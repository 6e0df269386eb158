import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices

@Suite("KOReader progress sync: a device pushes and pulls, a linked document moves the book")
struct KOSyncTests {
    static let piranesiFile = "0b2c5f7a9d1e3f4a5b6c7d8e9f0a1b2c"

    /// A device login made through the API; its password as shown once.
    static func deviceLogin(_ app: Application, _ token: String, _ username: String) async throws -> (
        id: String, password: String
    ) {
        let made = try await app.must(.POST, "/api/v1/devices", token: token, json: ["username": username])
        #expect(made.status == .created)
        let password = try #require(made["password"] as? String)
        return (try #require(made["id"] as? String), password)
    }

    @Test("auth, push, pull from a second device, an unknown document, linking, sittings and a finish")
    func wholeFlow() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let piranesi = try await app.addEntry(ann, pageCount: 272)
            let other = try await app.addEntry(ann, title: "The Dispossessed", authors: ["Ursula K. Le Guin"], pageCount: 387)
            try await app.must(.POST, "/api/v1/library/\(other.id)/status", token: ann, json: ["status": "reading"])
            let (_, password) = try await Self.deviceLogin(app, ann, "ann-kobo")
            #expect(password.count == 20)

            let kobo = KOReaderClient(app, username: "ann-kobo", password: password, deviceID: "K1")
            let auth = try await kobo.authorize()
            #expect(auth.status == .ok)
            #expect(auth["authorized"] as? String == "OK")

            // The plugin's "register" is refused with its code, and says where logins are made.
            let register = try await kobo.register(password: "anything")
            #expect(register.status == .paymentRequired)
            #expect(register["code"] as? Int == 2002)
            #expect((register["message"] as? String)?.contains("Profile") == true)

            let pushed = try await kobo.push(Self.piranesiFile, percentage: 0.1, progress: "27")
            #expect(pushed.status == .ok)
            #expect(pushed["document"] as? String == Self.piranesiFile)
            #expect(pushed["timestamp"] as? Int == Int(fixedNow.timeIntervalSince1970))

            // A second device of the same reader finds the place.
            let phone = KOReaderClient(app, username: "ann-kobo", password: password, device: "Android", deviceID: "P9")
            let pulled = try await phone.pull(Self.piranesiFile)
            #expect(pulled.status == .ok)
            #expect(pulled["percentage"] as? Double == 0.1)
            #expect(pulled["progress"] as? String == "27")
            #expect(pulled["device"] as? String == "Kobo Libra 2")
            #expect(pulled["device_id"] as? String == "K1")
            #expect(pulled["timestamp"] as? Int == Int(fixedNow.timeIntervalSince1970))
            let unknown = try await phone.pull("ffffffffffffffffffffffffffffffff")
            #expect(unknown.status == .ok)
            #expect(unknown.body == "{}")

            // Unlinked, nothing moved; the document waits with a suggestion.
            #expect(try await app.send(.GET, "/api/v1/library/\(piranesi.id)", token: ann).entry.status == "wantToRead")
            let waiting = try await app.send(.GET, "/api/v1/devices/documents", token: ann).decode([DeviceDocumentDTO].self)
            #expect(waiting.count == 1)
            #expect(waiting.first?.document == Self.piranesiFile)
            #expect(waiting.first?.entryId == nil)
            #expect(waiting.first?.device == "Kobo Libra 2")
            #expect(waiting.first?.percentage == 0.1)
            #expect(waiting.first?.suggestion?.entryId == other.id)

            let linked = try await app.must(
                .POST, "/api/v1/devices/documents/\(Self.piranesiFile)/link", token: ann,
                json: ["entryId": piranesi.id.uuidString]
            ).decode(DeviceDocumentDTO.self)
            #expect(linked.entryId == piranesi.id)
            #expect(linked.title == "Piranesi")
            var entry = try await app.send(.GET, "/api/v1/library/\(piranesi.id)", token: ann).entry
            #expect(entry.status == "reading")
            #expect(entry.currentPage == 27)

            // A sitting: updates 10 and 25 minutes on are one session; 45 minutes after the last is another.
            app.clock = .fixed(fixedNow.addingTimeInterval(10 * 60))
            #expect(try await kobo.push(Self.piranesiFile, percentage: 0.2, progress: "54").status == .ok)
            app.clock = .fixed(fixedNow.addingTimeInterval(25 * 60))
            #expect(try await kobo.push(Self.piranesiFile, percentage: 0.25, progress: "68").status == .ok)
            app.clock = .fixed(fixedNow.addingTimeInterval(70 * 60))
            #expect(try await phone.push(Self.piranesiFile, percentage: 0.3, progress: "82").status == .ok)
            let sessions = try await app.send(.GET, "/api/v1/library/\(piranesi.id)/sessions", token: ann)
                .decode([SessionDTO].self).sorted { ($0.startPage ?? 0) < ($1.startPage ?? 0) }
            #expect(sessions.count == 2)
            #expect(sessions.first?.startPage == 27)
            #expect(sessions.first?.endPage == 68)
            #expect(sessions.first?.pagesRead == 41)
            #expect(sessions.first?.minutes == 15)
            #expect(sessions.last?.startPage == 68)
            #expect(sessions.last?.endPage == 82)
            entry = try await app.send(.GET, "/api/v1/library/\(piranesi.id)", token: ann).entry
            #expect(entry.currentPage == 82)
            #expect(entry.totalMinutes == 15)

            // An older report (a device that was offline) does not move anything back.
            let stale = try await app.send(
                .PUT, "/kosync/syncs/progress",
                json: [
                    "document": Self.piranesiFile, "progress": "40", "percentage": 0.15, "device": "Kobo Libra 2",
                    "device_id": "K1", "timestamp": fixedNow.timeIntervalSince1970 + 60,
                ], headers: ["x-auth-user": "ann-kobo", "x-auth-key": KOReaderClient.md5(password)])
            #expect(stale.status == .ok)
            #expect(stale["timestamp"] as? Int == Int(fixedNow.timeIntervalSince1970) + 70 * 60)
            #expect(try await app.send(.GET, "/api/v1/library/\(piranesi.id)", token: ann).entry.currentPage == 82)
            #expect(try await kobo.pull(Self.piranesiFile)["percentage"] as? Double == 0.3)

            // 99.5% finishes the book by the usual rules.
            app.clock = .fixed(fixedNow.addingTimeInterval(80 * 60))
            #expect(try await kobo.push(Self.piranesiFile, percentage: 0.996, progress: "271").status == .ok)
            entry = try await app.send(.GET, "/api/v1/library/\(piranesi.id)", token: ann).entry
            #expect(entry.status == "read")
            #expect(entry.dateFinished == fixedToday.description)
            #expect(entry.currentPage == 272)
        }
    }

    @Test(
        "a wrong key, a wrong username and a revoked login are 401 in KOReader's shape; another reader's document is not theirs")
    func refusals() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            let (annLogin, password) = try await Self.deviceLogin(app, ann, "ann-kobo")
            let kobo = KOReaderClient(app, username: "ann-kobo", password: password, deviceID: "K1")
            #expect(try await kobo.push(Self.piranesiFile, percentage: 0.4, progress: "40").status == .ok)

            let wrong = try await KOReaderClient(app, username: "ann-kobo", password: password + "x", deviceID: "K1").authorize()
            #expect(wrong.status == .unauthorized)
            #expect(wrong["code"] as? Int == 2001)
            #expect(
                try await KOReaderClient(app, username: "nobody", password: password, deviceID: "K1").authorize().status
                    == .unauthorized)
            // The password itself (not its MD5) is not the key either.
            #expect(
                try await app.send(.GET, "/kosync/users/auth", headers: ["x-auth-user": "ann-kobo", "x-auth-key": password])
                    .status
                    == .unauthorized)
            #expect(try await app.send(.GET, "/kosync/users/auth").status == .unauthorized)

            // Bob's own device login sees nothing of Ann's document, and Bob cannot link it.
            let (_, bobPassword) = try await Self.deviceLogin(app, bob, "bob-kindle")
            let bobsDevice = KOReaderClient(app, username: "bob-kindle", password: bobPassword, deviceID: "B1")
            #expect(try await bobsDevice.pull(Self.piranesiFile).body == "{}")
            let bobsEntry = try await app.addEntry(bob)
            let link = try await app.send(
                .POST, "/api/v1/devices/documents/\(Self.piranesiFile)/link", token: bob,
                json: ["entryId": bobsEntry.id.uuidString])
            #expect(link.status == .notFound)
            #expect(link.errorCode == "documentNotFound")
            #expect(
                try await app.send(.DELETE, "/api/v1/devices/documents/\(Self.piranesiFile)/link", token: bob).status == .notFound
            )
            #expect(try await app.send(.GET, "/api/v1/devices/documents", token: bob).decode([DeviceDocumentDTO].self).isEmpty)
            #expect(try await app.send(.DELETE, "/api/v1/devices/\(annLogin)", token: bob).status == .notFound)
            #expect(
                try await app.send(.GET, "/api/v1/devices", token: bob).array.map { $0["username"] as? String } == ["bob-kindle"])
            // Ann cannot link her document to Bob's book either.
            let cross = try await app.send(
                .POST, "/api/v1/devices/documents/\(Self.piranesiFile)/link", token: ann,
                json: ["entryId": bobsEntry.id.uuidString])
            #expect(cross.status == .notFound)
            #expect(cross.errorCode == "entryNotFound")

            // Usernames are one namespace: Bob cannot take Ann's.
            let taken = try await app.send(.POST, "/api/v1/devices", token: bob, json: ["username": "ann-kobo"])
            #expect(taken.status == .conflict)
            #expect(taken.errorCode == "usernameTaken")
            #expect(taken.errorField == "username")

            // Revoked: the device is out at once.
            try await app.must(.DELETE, "/api/v1/devices/\(annLogin)", token: ann)
            let revoked = try await kobo.authorize()
            #expect(revoked.status == .unauthorized)
            #expect(revoked["code"] as? Int == 2001)
            #expect(try await kobo.push(Self.piranesiFile, percentage: 0.5, progress: "50").status == .unauthorized)
        }
    }

    @Test("a device key opens /kosync only; an app token reads (read) and links (write) documents but never makes a login")
    func credentials() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let entry = try await app.addEntry(ann)
            let (_, password) = try await Self.deviceLogin(app, ann, "ann-kobo")
            let key = KOReaderClient.md5(password)
            _ = try await KOReaderClient(app, username: "ann-kobo", password: password, deviceID: "K1")
                .push(Self.piranesiFile, percentage: 0.2, progress: "20")

            // The key, or the password, as a bearer token opens nothing of the API.
            for secret in [key, password] {
                #expect(try await app.send(.GET, "/api/v1/library", token: secret).status == .unauthorized)
                #expect(try await app.send(.GET, "/api/v1/devices/documents", token: secret).status == .unauthorized)
            }
            // A session's token on /kosync is no device login.
            #expect(
                try await app.send(.GET, "/kosync/users/auth", token: ann, headers: ["x-auth-user": "ann-kobo"]).status
                    == .unauthorized)

            let readToken = try #require(
                try await app.must(.POST, "/api/v1/tokens", token: ann, json: ["name": "reader", "scopes": ["read"]])["token"]
                    as? String)
            let writeToken = try #require(
                try await app.must(.POST, "/api/v1/tokens", token: ann, json: ["name": "writer", "scopes": ["read", "write"]])[
                    "token"] as? String)
            #expect(try await app.send(.GET, "/api/v1/devices/documents", token: readToken).status == .ok)
            let readLink = try await app.send(
                .POST, "/api/v1/devices/documents/\(Self.piranesiFile)/link", token: readToken,
                json: ["entryId": entry.id.uuidString])
            #expect(readLink.status == .forbidden)
            #expect(readLink.errorCode == "insufficientScope")
            #expect(
                try await app.send(
                    .POST, "/api/v1/devices/documents/\(Self.piranesiFile)/link", token: writeToken,
                    json: ["entryId": entry.id.uuidString]
                ).status == .ok)
            for token in [readToken, writeToken] {
                let made = try await app.send(.POST, "/api/v1/devices", token: token, json: ["username": "sneaky"])
                #expect(made.status == .forbidden)
                #expect(made.errorCode == "insufficientScope")
                #expect(try await app.send(.GET, "/api/v1/devices", token: token).status == .forbidden)
            }
            #expect(try await app.send(.GET, "/api/v1/devices", token: ann).array.count == 1)
        }
    }

    @Test("bad bodies get KOReader's error shape and 400; nothing is kept")
    func badBodies() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let (_, password) = try await Self.deviceLogin(app, ann, "ann-kobo")
            let headers: HTTPHeaders = ["x-auth-user": "ann-kobo", "x-auth-key": KOReaderClient.md5(password)]
            let cases: [(String, Int)] = [
                (#"{"progress":"3","percentage":0.1,"device":"Kobo"}"#, 2004),
                (#"{"document":"a/b","progress":"3","percentage":0.1,"device":"Kobo"}"#, 2004),
                (#"{"document":"abc","progress":"3","percentage":1.5,"device":"Kobo"}"#, 2003),
                (#"{"document":"abc","progress":"3","percentage":"half","device":"Kobo"}"#, 2003),
                (#"{"document":"abc","percentage":0.1,"device":"Kobo"}"#, 2003),
                (#"{"document":"abc","progress":"3","percentage":0.1}"#, 2003),
                (#"[1,2]"#, 2003),
                (#"not json"#, 2003),
            ]
            for (body, code) in cases {
                let reply = try await app.send(.PUT, "/kosync/syncs/progress", raw: body, headers: headers)
                #expect(reply.status == .badRequest, "\(body)")
                #expect(reply["code"] as? Int == code, "\(body): \(reply.body)")
                #expect(reply["message"] is String, "\(body)")
            }
            #expect(try await app.send(.GET, "/api/v1/devices/documents", token: ann).decode([DeviceDocumentDTO].self).isEmpty)
            // A progress some clients send as a number is kept as text.
            let numeric = try await app.send(
                .PUT, "/kosync/syncs/progress", raw: #"{"document":"abc","progress":42,"percentage":0.1,"device":"Kobo"}"#,
                headers: headers)
            #expect(numeric.status == .ok)
            #expect(try await app.send(.GET, "/kosync/syncs/progress/abc", headers: headers)["progress"] as? String == "42")
        }
    }

    @Test("wrong keys are limited like sign-in: after the limit even the right key waits (429 with Retry-After)")
    func guessing() async throws {
        try await withDogear(adjust: { $0.signInAttempts = 3 }, lockOut)
    }

    private func lockOut(_ app: Application) async throws {
        do {
            let ann = try await app.signUp("ann@example.com")
            let (_, password) = try await Self.deviceLogin(app, ann, "ann-kobo")
            for _ in 0..<3 {
                #expect(
                    try await KOReaderClient(app, username: "ann-kobo", password: "guess", deviceID: "X").authorize().status
                        == .unauthorized)
            }
            let locked = try await KOReaderClient(app, username: "ann-kobo", password: password, deviceID: "K1").authorize()
            #expect(locked.status == .tooManyRequests)
            #expect(locked["code"] as? Int == 2001)
            #expect(locked.headers.first(name: .retryAfter) != nil)
        }
    }

    @Test("device logins: a username is checked, the password is shown once, at most ten a reader")
    func logins() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bad = try await app.send(.POST, "/api/v1/devices", token: ann, json: ["username": "a b"])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.errorField == "username")
            for index in 0..<10 { _ = try await Self.deviceLogin(app, ann, "device-\(index)") }
            let listed = try await app.send(.GET, "/api/v1/devices", token: ann).array
            #expect(listed.count == 10)
            #expect(listed.allSatisfy { $0["password"] is NSNull })
            let eleventh = try await app.send(.POST, "/api/v1/devices", token: ann, json: ["username": "device-10"])
            #expect(eleventh.status == .unprocessableEntity)
            #expect(eleventh.errorCode == "tooManyDeviceLogins")
        }
    }
}
