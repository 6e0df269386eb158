import FluentKit

/// Tokens for apps and scripts beside sessions: a name, scopes (`read`, `read write`) and an
/// optional expiry. A row with no kind is a session.
package struct AddAppTokens: NumberedMigration {
    package static let folder = 10

    package func prepare(on database: any Database) async throws {
        try await database.schema("user_tokens").field("kind", .string).update()
        try await database.schema("user_tokens").field("name", .string).update()
        try await database.schema("user_tokens").field("scopes", .string).update()
        try await database.schema("user_tokens").field("expires_at", .datetime).update()
    }

    package func revert(on database: any Database) async throws {
        for field in ["expires_at", "scopes", "name", "kind"] {
            try await database.schema("user_tokens").deleteField(.string(field)).update()
        }
    }
}
