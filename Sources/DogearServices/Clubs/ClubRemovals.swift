import DogearStore
import FluentKit
import Foundation
import SQLKit

/// The `club_bans` rows: who was removed from a club, by whom and when. A removed reader cannot join
/// again by code (Core's `ClubAccess`, `wasRemoved`) until an owner or admin lifts it.
package struct ClubRemovals {
    package let db: any Database

    package struct Removal: Sendable, Equatable {
        package let userID: UUID
        package let displayName: String
        package let removedAt: Date
    }

    package func wasRemoved(_ userID: UUID, from clubID: UUID) async throws -> Bool {
        try await db.sql.raw(
            "SELECT 1 AS removed FROM club_bans WHERE club_id = \(bind: clubID) AND user_id = \(bind: userID)"
        ).first() != nil
    }

    /// Written in the transaction that removes the member; a second removal keeps the first row.
    package func record(_ userID: UUID, from clubID: UUID, by removedBy: UUID, at: Date) async throws {
        try await db.sql.raw(
            """
            INSERT INTO club_bans (club_id, user_id, removed_by, created_at)
            VALUES (\(bind: clubID), \(bind: userID), \(bind: removedBy), \(bind: at))
            ON CONFLICT (club_id, user_id) DO NOTHING
            """
        ).run()
    }

    package func list(_ clubID: UUID) async throws -> [Removal] {
        try await db.sql.raw(
            """
            SELECT b.user_id AS user_id, u.display_name AS display_name, b.created_at AS created_at
            FROM club_bans b JOIN users u ON u.id = b.user_id
            WHERE b.club_id = \(bind: clubID) ORDER BY b.created_at DESC, u.display_name
            """
        ).all().map {
            Removal(
                userID: try $0.decode(column: "user_id", as: UUID.self),
                displayName: try $0.decode(column: "display_name", as: String.self),
                removedAt: try $0.decode(column: "created_at", as: Date.self))
        }
    }

    /// True when there was a removal to lift.
    package func lift(_ userID: UUID, from clubID: UUID) async throws -> Bool {
        guard try await wasRemoved(userID, from: clubID) else { return false }
        try await db.writeTransaction { db in
            try await db.sql.raw("DELETE FROM club_bans WHERE club_id = \(bind: clubID) AND user_id = \(bind: userID)").run()
        }
        return true
    }

    package init(db: any Database) {
        self.db = db
    }
}
