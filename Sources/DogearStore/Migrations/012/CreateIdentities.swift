import FluentKit
import SQLKit

/// Sign in with Apple and Google: the provider identities linked to accounts (a provider's subject
/// opens one account), the nonces sign-in pages and apps are given (single use, short-lived), and on
/// `account_links` the identity a pending link is for (a verified email matching an account links
/// only after that account's password).
package struct CreateIdentities: NumberedMigration {
    package static let folder = 12

    package func prepare(on database: any Database) async throws {
        try await database.schema("identities")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            // "apple" or "google".
            .field("provider", .string, .required)
            .field("subject", .string, .required)
            .field("email", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "provider", "subject")
            .create()
        try await database.sql.raw("CREATE INDEX idx_identities_user ON identities (user_id)").run()
        try await database.schema("sign_in_nonces")
            .id()
            .field("nonce_hash", .string, .required)
            // Set for a nonce that confirms deleting this account (signing in again instead of a password).
            .field("user_id", .uuid, .references("users", "id", onDelete: .cascade))
            .field("purpose", .string)
            .field("expires_at", .datetime, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "nonce_hash")
            .create()
        try await database.schema("account_links").field("provider", .string).update()
        try await database.schema("account_links").field("subject", .string).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("account_links").deleteField("subject").update()
        try await database.schema("account_links").deleteField("provider").update()
        try await database.schema("sign_in_nonces").delete()
        try await database.schema("identities").delete()
    }
}
