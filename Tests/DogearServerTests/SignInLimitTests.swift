import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Sign-in cannot be guessed at or used to stall the site")
struct SignInLimitTests {
    /// A sign-in over a real socket (the address limits need a peer address): its status and Retry-After.
    static func signIn(port: Int, _ email: String, _ password: String, headers: [String: String] = [:]) async throws
        -> (status: HTTPResponseStatus, retryAfter: String?)
    {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/auth/signin")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(string: "{\"email\":\"\(email)\",\"password\":\"\(password)\"}"))
        let response = try await HTTPClient.shared.execute(request, timeout: realConnectionTimeout)
        _ = try await response.body.collect(upTo: 1 << 16)
        return (response.status, response.headers.first(name: "Retry-After"))
    }

    @Test(
        "three wrong passwords lock the account for the lockout (429 with Retry-After), even for the right one; then it unlocks")
    func accountLockout() async throws {
        try await withDogear(
            adjust: {
                $0.signInAttempts = 3
                $0.signInLockoutSeconds = 60
            },
            { app in
                _ = try await app.signUp("ann@example.com", password: "long enough")
                _ = try await app.signUp("bob@example.com", password: "long enough")
                func signIn(_ email: String, _ password: String) async throws -> Reply {
                    try await app.send(.POST, "/api/v1/auth/signin", json: ["email": email, "password": password])
                }
                for _ in 0..<3 { #expect(try await signIn("ann@example.com", "wrong guess").status == .unauthorized) }
                let locked = try await signIn("ANN@example.com", "long enough")
                #expect(locked.status == .tooManyRequests)
                #expect(locked.errorCode == "tooManyAttempts")
                #expect(locked.headers.first(name: .retryAfter) == "60")
                // Another reader is not held up.
                #expect(try await signIn("bob@example.com", "long enough").status == .ok)
                // The lockout ends by itself.
                app.clock = .fixed(fixedNow.addingTimeInterval(61))
                #expect(try await signIn("ann@example.com", "long enough").status == .ok)
            })
    }

    @Test("one address guessing at many accounts is stopped too: its wrong guesses get 429, the right password still signs in")
    func addressLimit() async throws {
        try await withDogear(
            adjust: {
                $0.signInAttempts = 2
                $0.signInLockoutSeconds = 60
            },
            { app in
                _ = try await app.signUp("ann@example.com", password: "long enough")
                let port = try await app.serveOnFreePort()
                func signIn(_ email: String, _ password: String) async throws -> (HTTPResponseStatus, String?) {
                    try await Self.signIn(port: port, email, password)
                }
                // Two tries per made-up account stay under each account's limit, not under the address's (8).
                for index in 0..<4 {
                    for _ in 0..<2 { _ = try await signIn("guess\(index)@example.com", "password1") }
                }
                let (status, retry) = try await signIn("ann@example.com", "wrong guess")
                #expect(status == .tooManyRequests)
                #expect(retry == "60")
                // The address may be a household's or a proxy's: its lock never refuses the right password.
                #expect(try await signIn("ann@example.com", "long enough").0 == .ok)
            })
    }

    @Test(
        "behind a trusted proxy each client is its own address: one guessing client's lock is not another's; a header from anyone else is ignored"
    )
    func behindAProxy() async throws {
        try await withDogear(
            adjust: {
                $0.signInAttempts = 2
                $0.signInLockoutSeconds = 60
                $0.trustedProxies = ["127.0.0.1"]
            },
            { app in
                _ = try await app.signUp("ann@example.com", password: "long enough")
                let port = try await app.serveOnFreePort()
                func signIn(_ email: String, _ password: String, from client: String) async throws -> HTTPResponseStatus {
                    try await Self.signIn(port: port, email, password, headers: ["X-Forwarded-For": client]).status
                }
                // 40 wrong sign-ins with made-up emails from one client, through the proxy.
                var statuses: [HTTPResponseStatus] = []
                for index in 0..<40 {
                    statuses.append(try await signIn("guess\(index)@example.com", "password1", from: "203.0.113.7"))
                }
                #expect(statuses.contains(.tooManyRequests))
                #expect(statuses.allSatisfy { $0 == .unauthorized || $0 == .tooManyRequests })
                // Another client's wrong guess is its own (401, not 429), and its right password signs in.
                #expect(try await signIn("ann@example.com", "wrong guess", from: "198.51.100.2") == .unauthorized)
                #expect(try await signIn("ann@example.com", "long enough", from: "198.51.100.2") == .ok)
                // The guessing client's right password signs in too.
                #expect(try await signIn("ann@example.com", "long enough", from: "203.0.113.7") == .ok)
            })
    }

    @Test(
        "the client's address: the peer's own unless the peer is a trusted proxy, then the nearest forwarded address that is not a proxy",
        arguments: [
            ("10.0.0.5", "X-Forwarded-For", "203.0.113.7", "10.0.0.5"),
            ("127.0.0.1", "X-Forwarded-For", "203.0.113.7", "203.0.113.7"),
            ("127.0.0.1", "X-Forwarded-For", "198.51.100.9, 203.0.113.7", "203.0.113.7"),
            ("127.0.0.1", "X-Forwarded-For", "203.0.113.7, 127.0.0.1", "203.0.113.7"),
            ("127.0.0.1", "Forwarded", "for=\"[2001:db8::7]:4711\";proto=https", "2001:db8::7"),
            ("127.0.0.1", "Forwarded", "for=192.0.2.60:80, for=127.0.0.1", "192.0.2.60"),
            ("127.0.0.1", "Other", "x", "127.0.0.1"),
        ])
    func clientAddress(peer: String, header: String, value: String, expected: String) async throws {
        try await withDogear(
            adjust: { $0.trustedProxies = ["127.0.0.1"] },
            { app in
                let request = Request(
                    application: app, headers: [header: value], remoteAddress: try SocketAddress(ipAddress: peer, port: 5000),
                    on: app.eventLoopGroup.next())
                #expect(request.clientAddress == expected)
            })
    }

    @Test(
        "on PostgreSQL every process counts together (another process's throttle sees the lock, and no email is stored); on SQLite the one process counts"
    )
    func sharedAcrossProcesses() async throws {
        try await withDogear(
            adjust: {
                $0.signInAttempts = 2
                $0.signInLockoutSeconds = 60
            },
            { app in
                _ = try await app.signUp("ann@example.com", password: "long enough")
                for _ in 0..<2 {
                    let reply = try await app.send(
                        .POST, "/api/v1/auth/signin", json: ["email": "ann@example.com", "password": "wrong guess"])
                    #expect(reply.status == .unauthorized)
                }
                // A second process's throttle: its memory is empty, the database is the same.
                let another = SignInThrottle(attempts: 2, lockout: 60)
                var refused = false
                do {
                    try await another.check(
                        account: "ann@example.com", address: nil, now: fixedNow.timeIntervalSince1970, on: app.db)
                } catch let error as DomainError {
                    refused = error.code == .tooManyAttempts
                }
                let shared = app.db.sql.kind == .postgres
                #expect(refused == shared)
                let rows = try await app.db.sql.raw("SELECT key_hash FROM attempt_counters").all()
                let hashes = try rows.map { try $0.decode(column: "key_hash", as: String.self) }
                #expect(hashes.contains(TokenHashing.hash("ann@example.com")) == shared)
                #expect(!hashes.contains("ann@example.com"))
            })
    }

    @Test("password hashing has a pool and a queue of its own: past the queue a sign-in is told at once to retry (429 busy)")
    func boundedQueue() async throws {
        try await withDogear(
            adjust: {
                $0.bcryptCost = 10
                $0.passwordThreads = 1
                $0.passwordQueue = 1
            },
            { app in
                let statuses = try await withThrowingTaskGroup(of: (HTTPStatus, String?, String?).self) { group in
                    for index in 0..<8 {
                        group.addTask {
                            let reply = try await app.send(
                                .POST, "/api/v1/auth/signup",
                                json: ["email": "r\(index)@example.com", "password": "long enough", "displayName": "R"])
                            return (reply.status, reply.errorCode, reply.headers.first(name: .retryAfter))
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let busy = statuses.filter { $0.0 == .tooManyRequests }
                #expect(!busy.isEmpty)
                #expect(busy.allSatisfy { $0.1 == "busy" && $0.2 == "1" })
                #expect(statuses.contains { $0.0 == .created })
                #expect(statuses.allSatisfy { $0.0 == .created || $0.0 == .tooManyRequests })
            })
    }

    @Test("signing up with a taken email does the same hashing work as a new account, and repeated tries are limited")
    func signUpEnumeration() async throws {
        try await withDogear(
            adjust: {
                $0.signInAttempts = 2
                $0.signInLockoutSeconds = 60
            },
            { app in
                _ = try await app.signUp("ann@example.com")
                func signUp(_ email: String) async throws -> Reply {
                    try await app.send(
                        .POST, "/api/v1/auth/signup", json: ["email": email, "password": "long enough", "displayName": "X"])
                }
                var before = app.passwordHasher.workDone
                #expect(try await signUp("new@example.com").status == .created)
                let forNew = app.passwordHasher.workDone - before
                before = app.passwordHasher.workDone
                let taken = try await signUp("ANN@example.com")
                #expect(taken.status == .conflict)
                #expect(app.passwordHasher.workDone - before == forNew)
                _ = try await signUp("ann@example.com")
                let limited = try await signUp("ann@example.com")
                #expect(limited.status == .tooManyRequests)
                #expect(limited.headers.first(name: .retryAfter) == "60")
            })
    }
}
