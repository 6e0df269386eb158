import DogearCore
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Health, the OpenAPI contract, configuration")
struct SystemTests {
    @Test("GET /health names the database and the schema version")
    func health() async throws {
        try await withDogear { app in
            let reply = try await app.send(.GET, "/health")
            #expect(reply.status == .ok)
            let expectedKind = ProcessInfo.processInfo.environment["DOGEAR_TEST_POSTGRES_URL"] == nil ? "sqlite" : "postgres"
            let health = try reply.decode(SystemController.Health.self)
            #expect(health.database == expectedKind)
            #expect(health.schemaVersion == AllMigrations.latestVersion)
            #expect(health.migrationsApplied == AllMigrations.list.count)
        }
    }

    @Test("every /api and /kosync route is described in openapi.yaml, which is served")
    func openAPICoversRoutes() async throws {
        try await withDogear { app in
            let served = try await app.send(.GET, "/openapi.yaml")
            #expect(served.status == .ok)
            #expect(served.body.hasPrefix("openapi: 3.1"))
            let document = served.body
            var missing: [String] = []
            for route in app.routes.all {
                let parts = route.path.map { component -> String in
                    switch component {
                    case .constant(let text): return text
                    case .parameter(let name): return "{\(name)}"
                    default: return "*"
                    }
                }
                let path = "/" + parts.joined(separator: "/")
                guard path.hasPrefix("/api/") || path.hasPrefix("/kosync/") else { continue }
                let documentedPath = path
                guard let pathRange = document.range(of: "\n  \(documentedPath):\n") else {
                    missing.append("\(route.method) \(path)")
                    continue
                }
                // the method must be listed under that path, before the next path
                let rest = document[pathRange.upperBound...]
                let block = rest.range(of: "\n  /").map { rest[..<$0.lowerBound] } ?? rest
                if !block.contains("    \(route.method.rawValue.lowercased()):") {
                    missing.append("\(route.method) \(path)")
                }
            }
            #expect(missing.isEmpty, "routes missing from openapi.yaml: \(missing)")

            // Every reference in the served document names something it defines (the validator in
            // scripts/check-openapi.sh reads the same file; this holds the served copy to it).
            var broken: [String] = []
            for line in document.split(separator: "\n") {
                var rest = Substring(line)
                while let start = rest.range(of: "$ref: '#/components/") {
                    let tail = rest[start.upperBound...]
                    guard let end = tail.firstIndex(of: "'") else { break }
                    // `schemas/Goal`, `parameters/Id`: a component is defined four spaces in.
                    let parts = tail[..<end].split(separator: "/")
                    if parts.count != 2 || !document.contains("\n    \(parts[1]):") {
                        broken.append(String(tail[..<end]))
                    }
                    rest = tail[end...]
                }
            }
            #expect(broken.isEmpty, "references to nothing in the served openapi.yaml: \(Set(broken))")
        }
    }

    @Test("settings come from the environment, with defaults and clear errors")
    func config() throws {
        let defaults = try DogearConfig.fromEnvironment([:])
        #expect(defaults.database == .sqliteFile(path: "./data/dogear.sqlite"))
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.port == 8080)
        #expect(defaults.openLibraryBaseURL == "https://openlibrary.org")
        let custom = try DogearConfig.fromEnvironment([
            "DOGEAR_DATA_DIR": "/var/lib/dogear", "DOGEAR_PORT": "9090", "DOGEAR_HOST": "0.0.0.0", "DOGEAR_TIERS": "on",
        ])
        #expect(custom.database == .sqliteFile(path: "/var/lib/dogear/dogear.sqlite"))
        #expect(custom.port == 9090)
        #expect(custom.tiersEnabled)
        let postgres = try DogearConfig.fromEnvironment(["DATABASE_URL": "postgres://u:p@localhost:5432/dogear"])
        #expect(postgres.database.kind == "postgres")
        #expect(throws: ConfigError.self) { try DogearConfig.fromEnvironment(["DOGEAR_PORT": "eighty"]) }
        #expect(throws: ConfigError.self) { try DogearConfig.fromEnvironment(["DATABASE_URL": "mysql://x"]) }
        #expect(throws: ConfigError.self) { try DogearConfig.fromEnvironment(["DOGEAR_OFFLINE": "maybe"]) }
        // Push: the browsers' services by default, the operator's list when given, a key checked at start.
        #expect(defaults.pushServices == PushService.browsers)
        let push = try DogearConfig.fromEnvironment([
            "DOGEAR_PUSH_SERVICES": "push.example.org, http://127.0.0.1:8123", "DOGEAR_VAPID_SUBJECT": "mailto:ops@example.org",
        ])
        #expect(push.pushServices == [PushService(host: "push.example.org"), PushService(host: "127.0.0.1", plainPort: 8123)])
        #expect(push.vapidSubject == "mailto:ops@example.org")
        #expect(throws: ConfigError.self) { try DogearConfig.fromEnvironment(["DOGEAR_PUSH_SERVICES": "http://nohost"]) }
        #expect(throws: ConfigError.self) { try DogearConfig.fromEnvironment(["DOGEAR_VAPID_PRIVATE_KEY": "not-a-key"]) }
        #expect(throws: ConfigError.self) { try DogearConfig.fromEnvironment(["DOGEAR_VAPID_SUBJECT": "ops@example.org"]) }
    }
}
