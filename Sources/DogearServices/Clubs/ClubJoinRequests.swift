import DogearStore
import FluentKit
import Foundation
import SQLKit

/// The `club_join_requests` rows: readers who used the code of a club that approves joins, waiting
/// for an owner or admin to approve (they become members) or decline (the row goes).
package struct ClubJoinRequests {
    package let db: any Database

    package struct Request: Sendable, Equatable {
        package let userID: UUID
        package let displayName: String
        package let requestedAt: Date
    }

    /// Records the request; asking again while it waits changes nothing.
    package func ask(_ userID: UUID, toJoin clubID: UUID, at: Date) async throws {
        try await db.writeTransaction { db in
            try await db.sql.raw(
                """
                INSERT INTO club_join_requests (club_id, user_id, created_at) VALUES (\(bind: clubID), \(bind: userID), \(bind: at))
                ON CONFLICT (club_id, user_id) DO NOTHING
                """
            ).run()
        }
    }

    package func isWaiting(_ userID: UUID, toJoin clubID: UUID) async throws -> Bool {
        try await db.sql.raw(
            "SELECT 1 AS waiting FROM club_join_requests WHERE club_id = \(bind: clubID) AND user_id = \(bind: userID)"
        ).first() != nil
    }

    package func withdraw(_ userID: UUID, from clubID: UUID) async throws {
        try await db.sql.raw(
            "DELETE FROM club_join_requests WHERE club_id = \(bind: clubID) AND user_id = \(bind: userID)"
        ).run()
    }

    package func list(_ clubID: UUID) async throws -> [Request] {
        try await db.sql.raw(
            """
            SELECT r.user_id AS user_id, u.display_name AS display_name, r.created_at AS created_at
            FROM club_join_requests r JOIN users u ON u.id = r.user_id
            WHERE r.club_id = \(bind: clubID) ORDER BY r.created_at, u.display_name
            """
        ).all().map {
            Request(
                userID: try $0.decode(column: "user_id", as: UUID.self),
                displayName: try $0.decode(column: "display_name", as: String.self),
                requestedAt: try $0.decode(column: "created_at", as: Date.self))
        }
    }

    package init(db: any Database) {
        self.db = db
    }
}
