import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("KOReader progress sync at its edges: times, old files, sizes, a reset")
struct KOSyncEdgeTests {
    static let file = "0b2c5f7a9d1e3f4a"

    @Test("a report's time must be a number within the last year; one to come is now; the server keeps answering")
    func times() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let (_, password) = try await KOSyncTests.deviceLogin(app, ann, "ann-kobo")
            let headers: HTTPHeaders = ["x-auth-user": "ann-kobo", "x-auth-key": KOReaderClient.md5(password)]
            let now = Int(fixedNow.timeIntervalSince1970)
            for stamp in ["-1e20", "-1e300", "0", "\(now - 400 * 86_400)", "1e400"] {
                let reply = try await app.send(
                    .PUT, "/kosync/syncs/progress",
                    raw: #"{"document":"\#(Self.file)","progress":"3","percentage":0.1,"device":"Kobo","timestamp":\#(stamp)}"#,
                    headers: headers)
                #expect(reply.status == .badRequest, "\(stamp): \(reply.body)")
                #expect(reply["code"] as? Int == 2003, "\(stamp)")
            }
            let future = try await app.send(
                .PUT, "/kosync/syncs/progress",
                raw: #"{"document":"\#(Self.file)","progress":"3","percentage":0.1,"device":"Kobo","timestamp":1e20}"#,
                headers: headers)
            #expect(future.status == .ok)
            #expect(future["timestamp"] as? Int == now)
            let pulled = try await app.send(.GET, "/kosync/syncs/progress/\(Self.file)", headers: headers)
            #expect(pulled["timestamp"] as? Int == now)
            // Long fields are refused, not cut (a cut position would send the next device elsewhere).
            let long = try await app.send(
                .PUT, "/kosync/syncs/progress",
                json: [
                    "document": Self.file, "progress": String(repeating: "é", count: 600), "percentage": 0.2, "device": "Kobo",
                ], headers: headers)
            #expect(long.status == .badRequest)
            #expect((long["message"] as? String)?.contains("progress") == true)
            #expect(
                try await app.send(.GET, "/kosync/syncs/progress/\(Self.file)", headers: headers)["percentage"] as? Double == 0.1)
        }
    }

    @Test("linking a file last read before the book moved on elsewhere does not move the book back")
    func oldFile() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let book = try await app.addEntry(ann, pageCount: 300)
            let (_, password) = try await KOSyncTests.deviceLogin(app, ann, "ann-kobo")
            let kobo = KOReaderClient(app, username: "ann-kobo", password: password, deviceID: "K1")
            #expect(try await kobo.push(Self.file, percentage: 0.1, progress: "30").status == .ok)
            // Later, on the web, the reader is at page 200.
            app.clock = .fixed(fixedNow.addingTimeInterval(3_600))
            try await app.must(.POST, "/api/v1/library/\(book.id)/progress", token: ann, json: ["page": 200])
            try await app.must(
                .POST, "/api/v1/devices/documents/\(Self.file)/link", token: ann, json: ["entryId": book.id.uuidString])
            #expect(try await app.send(.GET, "/api/v1/library/\(book.id)", token: ann).entry.currentPage == 200)
            // The device's next report, newer than the web's, moves it.
            app.clock = .fixed(fixedNow.addingTimeInterval(7_200))
            #expect(try await kobo.push(Self.file, percentage: 0.7, progress: "210").status == .ok)
            #expect(try await app.send(.GET, "/api/v1/library/\(book.id)", token: ann).entry.currentPage == 210)
        }
    }

    @Test("a password reset ends every device login and the feeds' addresses")
    func reset() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let (_, password) = try await KOSyncTests.deviceLogin(app, ann, "ann-kobo")
            let kobo = KOReaderClient(app, username: "ann-kobo", password: password, deviceID: "K1")
            let feed = try #require(try await app.must(.POST, "/api/v1/feeds", token: ann)["finishedUrl"] as? String)
            let feedPath = String(feed[try #require(feed.range(of: "/feeds/")).lowerBound...])
            #expect(try await kobo.authorize().status == .ok)
            #expect(try await app.send(.GET, feedPath).status == .ok)

            let user = try #require(try await User.query(on: app.db).filter(\.$emailKey == "ann@example.com").first())
            let link = try await PasswordResetService(
                db: app.db, now: fixedNow, baseURL: "http://dogear.test", resetPath: { "/reset-password/\($0)" }
            ).makeLink(for: user)
            let token = String(try #require(link.split(separator: "/").last))
            try await app.must(
                .POST, "/api/v1/auth/password-reset/confirm", json: ["token": token, "newPassword": "a new secret"])
            #expect(try await kobo.authorize().status == .unauthorized)
            #expect(try await app.send(.GET, feedPath).status == .notFound)
        }
    }

    @Test("KOReader's registration: a registration is refused with 402 and 2002; anything else is 400 and 2003")
    func registration() async throws {
        try await withDogear { app in
            for body in [#"{"username":"", "password":null}"#, #"{"username":5}"#, "[1,2]", "not json"] {
                let reply = try await app.send(.POST, "/kosync/users/create", raw: body)
                #expect(reply.status == .badRequest, "\(body)")
                #expect(reply["code"] as? Int == 2003, "\(body)")
            }
            let refused = try await app.send(.POST, "/kosync/users/create", json: ["username": "ann", "password": "x"])
            #expect(refused.status == .paymentRequired)
            #expect(refused["code"] as? Int == 2002)
        }
    }

    @Test("a session's bearer token is no device login, even beside the username")
    func bearerIsNoKey() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            _ = try await KOSyncTests.deviceLogin(app, ann, "ann-kobo")
            let reply = try await app.send(
                .GET, "/kosync/users/auth", token: ann, headers: ["x-auth-user": "ann-kobo", "x-auth-key": ann])
            #expect(reply.status == .unauthorized)
            #expect(reply["code"] as? Int == 2001)
        }
    }
}
