import FluentKit
import SQLKit

/// One-time links sent to a reader (a password reset): only the token's SHA-256 is kept, with when
/// it stops working. Using one deletes it.
package struct CreateAccountLinks: NumberedMigration {
    package static let folder = 11

    package func prepare(on database: any Database) async throws {
        try await database.schema("account_links")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            // "passwordReset" for now.
            .field("purpose", .string, .required)
            .field("token_hash", .string, .required)
            .field("expires_at", .datetime, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "token_hash")
            .create()
        try await database.sql.raw("CREATE INDEX idx_account_links_user ON account_links (user_id)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("account_links").delete()
    }
}
