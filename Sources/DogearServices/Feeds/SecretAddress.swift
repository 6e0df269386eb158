import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// A reader's secret address (the reading feeds', the calendar's): one secret per reader in a
/// table of `(user_id, token, created_at)`, made, made again to retire the old one, revoked, and
/// read back to its reader by whoever holds it (Core's `FeedAccess`).
package struct SecretAddress: Sendable {
    package enum Table: String, Sendable {
        case readerFeeds = "reader_feeds"
        case calendarFeeds = "calendar_feeds"
    }

    package let table: Table

    /// The reader's current secret, or nil when they have none.
    package func secret(of userID: UUID, on db: any Database) async throws -> String? {
        try await db.sql.raw("SELECT token FROM \(ident: table.rawValue) WHERE user_id = \(bind: userID)").first()?
            .decode(column: "token", as: String.self)
    }

    /// A new secret; the old address stops working.
    package func make(for userID: UUID, at now: Date, on db: any Database) async throws -> String {
        let (token, table) = (TokenHashing.newToken(), table.rawValue)
        try await db.writeTransaction { db in
            try await db.sql.raw(
                """
                INSERT INTO \(ident: table) (user_id, token, created_at) VALUES (\(bind: userID), \(bind: token), \(bind: now))
                ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at
                """
            ).run()
        }
        return token
    }

    package func revoke(for userID: UUID, on db: any Database) async throws {
        let table = table.rawValue
        try await db.writeTransaction { db in
            try await db.sql.raw("DELETE FROM \(ident: table) WHERE user_id = \(bind: userID)").run()
        }
    }

    /// The reader behind a secret; nil for one that is not (or no longer) anyone's.
    package func owner(of secret: String, on db: any Database) async throws -> FeedContents.Owner? {
        guard (20...100).contains(secret.utf8.count),
            let row = try await db.sql.raw(
                """
                SELECT u.id, u.display_name, f.token FROM \(ident: table.rawValue) f JOIN users u ON u.id = f.user_id
                WHERE f.token = \(bind: secret)
                """
            ).first(),
            FeedAccess.decide(
                caller: .address(matches: try row.decode(column: "token", as: String.self) == secret), action: .readFeed)
                == .allow
        else { return nil }
        return FeedContents.Owner(
            userID: try row.decode(column: "id", as: UUID.self),
            displayName: try row.decode(column: "display_name", as: String.self))
    }
}
