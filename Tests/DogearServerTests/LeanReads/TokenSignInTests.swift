import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearStore

/// Every signed-in request reads its token and user with `TokenSignIn` (one plain statement): it
/// must read both exactly as Fluent's own query reads them, every column, on SQLite and PostgreSQL.
@Suite("Signing in reads the token and its user as Fluent reads them")
struct TokenSignInTests {
    @Test("a session and an app token with scopes and an expiry come back field for field")
    func sameAsFluent() async throws {
        try await withDogear { app in
            let session = try await app.signUp("tess@example.com", password: "long enough")
            try await app.must(
                .POST, "/api/v1/tokens", token: session,
                json: ["name": "Kobo \"sync\"", "scopes": ["read", "write"], "expiresInDays": 30])
            // A use recorded, so `last_used_at` is not empty.
            #expect(try await app.send(.GET, "/api/v1/library", token: session).status == .ok)
            let tokens = try await UserToken.query(on: app.db).with(\.$user).all()
            #expect(tokens.count == 2)
            #expect(tokens.contains { $0.isAppToken && $0.expiresAt != nil && $0.scopes == "read write" })
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            for expected in tokens {
                let found = try #require(try await TokenSignIn.find(hash: expected.tokenHash, on: app.db))
                #expect(try encoder.encode(found) == encoder.encode(expected))
                #expect(try encoder.encode(found.user) == encoder.encode(expected.user))
                #expect(found.$id.exists)
            }
            #expect(try await TokenSignIn.find(hash: String(repeating: "0", count: 64), on: app.db) == nil)
        }
    }
}
