import Fluent
import Foundation
import Logging
import NIOConcurrencyHelpers
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Keeps every log line an application writes (message and metadata as text).
final class LogLines: @unchecked Sendable {
    private let lines = NIOLockedValueBox<[String]>([])
    var all: [String] { lines.withLockedValue { $0 } }

    /// Dogear's own handler, JSON lines at the most talkative level, written here.
    func handler(label: String) -> any LogHandler {
        DogearLogging.handler(label: label, level: .trace, json: true) { [lines] data in
            lines.withLockedValue { $0.append(String(decoding: data, as: UTF8.self)) }
        }
    }
}

@Suite("Running it: readiness, metrics, request logs")
struct ObservabilityTests {
    @Test("/ready is 200 once every migration is applied, 503 with one pending; /health says alive either way")
    func ready() async throws {
        try await withDogear { app in
            let ready = try await app.send(.GET, "/ready")
            #expect(ready.status == .ok && ready["status"] as? String == "ready")
            #expect(ready["migrationsApplied"] as? Int == AllMigrations.list.count)
            let last = AllMigrations.list.last!.name
            try await app.db.sql.raw("DELETE FROM _fluent_migrations WHERE name = \(bind: last)").run()
            let pending = try await app.send(.GET, "/ready")
            #expect(pending.status == .serviceUnavailable && pending["status"] as? String == "migrations pending")
            #expect(try await app.send(.GET, "/health").status == .ok)
        }
    }

    /// The fault script's `stop` phase shows the real thing (SIGTERM under load, no crash); this is
    /// what a client sees once the signal has arrived, and that the databases are left alone.
    @Test("once told to stop: a new request is answered 503 busy with Retry-After; /ready says stopping without the database")
    func stopping() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            #expect(try await app.send(.GET, "/api/v1/home", token: token).status == .ok)
            app.isStopping = true
            let refused = try await app.send(.GET, "/api/v1/home", token: token)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.errorCode == "busy")
            #expect(refused.headers.first(name: "Retry-After") == "3")
            let page = try await app.send(.GET, "/library")
            #expect(page.status == .serviceUnavailable)
            let ready = try await app.send(.GET, "/ready")
            #expect(ready.status == .serviceUnavailable && ready["status"] as? String == "stopping")
            #expect(app.inFlightRequests.current == 0)
            app.isStopping = false
            #expect(try await app.send(.GET, "/api/v1/home", token: token).status == .ok)
        }
    }

    /// Vapor's handler of SIGTERM and ours run on two queues. When Vapor's is first, the shutdown
    /// begins before ours has seen the signal; the club event streams must be told to come back all
    /// the same (a CI run once saw a stream end without its `retry: 3000` this way).
    @Test("a stop begun by the shutdown, before the signal handler ran, still ends every event stream and refuses requests")
    func stopBegunByShutdown() async throws {
        try await withDogear { app in
            let (wakeUps, _) = app.clubEvents.subscribe(to: UUID())
            #expect(!app.clubEvents.isClosing)
            await GracefulShutdown().shutdownAsync(app)
            #expect(app.isStopping)
            let refused = try await app.send(.GET, "/api/v1/home")
            #expect(refused.status == .serviceUnavailable)
            #expect(app.clubEvents.isClosing)
            guard app.clubEvents.isClosing else { return }  // else the stream below never ends
            var iterator = wakeUps.makeAsyncIterator()
            #expect(await iterator.next() == nil)
        }
    }

    @Test("/metrics is off without DOGEAR_METRICS_TOKEN")
    func metricsOff() async throws {
        try await withDogear { app in
            let metrics = try await app.send(.GET, "/metrics")
            #expect(metrics.status == .notFound)
        }
    }

    @Test("/metrics needs its token; it counts requests by route pattern and status, never by raw path")
    func metrics() async throws {
        try await withDogear(
            adjust: { $0.metricsToken = "scrape-secret" },
            { app in
                let token = try await app.signUp()
                let missing = UUID()
                #expect(try await app.send(.GET, "/api/v1/library/\(missing)", token: token).status == .notFound)
                #expect(try await app.send(.GET, "/api/v1/library", token: token).status == .ok)
                #expect(try await app.send(.GET, "/metrics").status == .unauthorized)
                #expect(try await app.send(.GET, "/metrics", token: "wrong-secret").status == .unauthorized)
                let metrics = try await app.send(.GET, "/metrics", token: "scrape-secret")
                #expect(metrics.status == .ok)
                #expect(metrics.headers.first(name: .contentType)?.hasPrefix("text/plain") == true)
                #expect(
                    metrics.body.contains(
                        #"dogear_http_requests_total{method="GET",route="/api/v1/library/:id",status="404"} 1"#))
                #expect(
                    metrics.body.contains(
                        #"dogear_http_requests_total{method="POST",route="/api/v1/auth/signup",status="201"} 1"#))
                #expect(
                    metrics.body.contains(#"dogear_http_request_duration_seconds_bucket{method="GET",route="/api/v1/library""#))
                #expect(!metrics.body.contains(missing.uuidString) && !metrics.body.contains(missing.uuidString.lowercased()))
            })
    }

    @Test("/metrics shows the enrichment queue (works with an ISBN never looked up) and the pool's wait at the scrape")
    func queueAndPool() async throws {
        try await withDogear(
            adjust: { $0.metricsToken = "scrape-secret" },
            { app in
                let token = try await app.signUp()
                func scrape() async throws -> String { try await app.send(.GET, "/metrics", token: "scrape-secret").body }
                #expect(try await scrape().contains("dogear_enrichment_queue_works 0.0"))
                _ = try await app.addBook(token, title: "Piranesi", isbn: "9781635575637")
                _ = try await app.addBook(token, title: "Middlemarch", authors: ["George Eliot"], isbn: "9780141439549")
                _ = try await app.addBook(token, title: "No ISBN", authors: ["Anon"])
                let body = try await scrape()
                #expect(body.contains("dogear_enrichment_queue_works 2.0"), "\(body)")
                #expect(body.contains("# TYPE dogear_database_connection_wait_seconds gauge"))
                try await app.db.sql.raw("UPDATE works SET last_enriched_at = CURRENT_TIMESTAMP").run()
                #expect(try await scrape().contains("dogear_enrichment_queue_works 0.0"))
            })
    }

    @Test(
        "a log line per request with its id and route pattern; no password, token, hash or reset link in any line, even at trace")
    func requestLogs() async throws {
        try await withDogear(
            adjust: { $0.baseURL = "http://dogear.test" },
            { app in
                let lines = LogLines()
                app.logger = Logger(label: "test") { lines.handler(label: $0) }
                _ = try await app.signUp("ann@example.com", password: "a very secret phrase")
                let signedIn = try await app.send(
                    .POST, "/api/v1/auth/signin", json: ["email": "ann@example.com", "password": "a very secret phrase"],
                    headers: ["X-Request-Id": "abc-123"])
                #expect(signedIn.headers.first(name: "X-Request-Id") == "abc-123")
                let session = try #require(signedIn["token"] as? String)
                let odd = try await app.send(.GET, "/api/v1/me", token: session, headers: ["X-Request-Id": "not ok; drop table"])
                let replaced = try #require(odd.headers.first(name: "X-Request-Id"))
                #expect(replaced != "not ok; drop table" && UUID(uuidString: replaced) != nil)
                let link = try #require(try await app.runUserCommand("reset-link", "ann@example.com").last)
                let resetToken = String(link.split(separator: "/").last ?? "")
                _ = try await WebClient(app).get("/reset-password/\(resetToken)")

                let passwordHash = try #require(try await User.query(on: app.db).first()).passwordHash
                let all = lines.all
                #expect(
                    all.contains { $0.contains(#""request-id":"abc-123""#) && $0.contains(#""route":"/api/v1/auth/signin""#) })
                #expect(all.contains { $0.contains(#"/reset-password/:token"#) && $0.contains(#""status":"200""#) })
                for secret in ["a very secret phrase", session, resetToken, TokenHashing.hash(session), passwordHash] {
                    #expect(
                        !all.contains { $0.contains(secret) },
                        "a log line holds \(secret.prefix(6))…: \(all.first { $0.contains(secret) } ?? "")")
                }
            })
    }

    @Test("LOG_FORMAT=json: one JSON object a line, with the message, level and metadata as fields")
    func jsonLines() throws {
        let lines = LogLines()
        var logger = Logger(label: "dogear.test") { lines.handler(label: $0) }
        logger[metadataKey: "request-id"] = "r-1"
        logger.info("request", metadata: ["status": "200"])
        let line = try #require(lines.all.first)
        #expect(line.hasSuffix("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
        #expect(object["message"] == "request" && object["level"] == "info" && object["label"] == "dogear.test")
        #expect(object["request-id"] == "r-1" && object["status"] == "200" && object["time"] != nil)
    }
}
