import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// A reader's calendar feed: one secret address (made, made again to retire the old one, revoked)
/// that calendar apps subscribe to, and what it holds, read by that secret: the meetings of every
/// club the reader is in now (cancelled ones too, so calendars strike them) and the milestones of
/// those clubs' current books. The address is a feed like the reading feeds (Core's `FeedAccess`).
package struct CalendarFeedService {
    package let db: any Database
    package let userID: UUID
    package let now: Date

    package func secret() async throws -> String? {
        try await SecretAddress(table: .calendarFeeds).secret(of: userID, on: db)
    }

    /// A new secret; the old address stops working.
    package func make() async throws -> String {
        try await SecretAddress(table: .calendarFeeds).make(for: userID, at: now, on: db)
    }

    package func revoke() async throws {
        try await SecretAddress(table: .calendarFeeds).revoke(for: userID, on: db)
    }

    package init(db: any Database, userID: UUID, now: Date) {
        self.db = db
        self.userID = userID
        self.now = now
    }
}

/// What a calendar feed holds, read by its secret.
package struct CalendarContents {
    package let db: any Database

    /// How many meetings a feed carries, the latest first (a club meets at most 50 times ahead).
    package static let meetingsPerFeed = 500

    package struct Meeting: Sendable, Equatable {
        package var id: UUID
        package var clubID: UUID
        package var clubName: String
        package var title: String
        package var startsAt: Date
        package var endsAt: Date?
        package var place: String?
        package var link: String?
        package var timeZone: String
        package var sequence: Int
        package var cancelled: Bool
        package var updatedAt: Date
    }

    package struct Milestone: Sendable, Equatable {
        package var id: UUID
        package var clubID: UUID
        package var clubName: String
        package var bookTitle: String
        package var label: String?
        package var page: Int?
        package var percent: Double?
        package var dueOn: String
        package var sequence: Int
        package var updatedAt: Date
    }

    /// The reader behind a secret; nil for one that is not (or no longer) anyone's.
    package func owner(_ secret: String) async throws -> FeedContents.Owner? {
        try await SecretAddress(table: .calendarFeeds).owner(of: secret, on: db)
    }

    /// Dated meetings of the clubs the reader is in now (a poll has no date yet), latest first.
    package func meetings(of userID: UUID) async throws -> [Meeting] {
        let rows = try await db.sql.raw(
            """
            SELECT m.id, m.club_id, c.name AS club_name, m.title, m.starts_at, m.ends_at, m.place, m.link, m.time_zone,
              m.sequence, m.cancelled_at, m.updated_at
            FROM club_meetings m JOIN club_members cm ON cm.club_id = m.club_id AND cm.user_id = \(bind: userID)
            JOIN clubs c ON c.id = m.club_id
            WHERE m.starts_at IS NOT NULL
            ORDER BY m.starts_at DESC, m.id DESC LIMIT \(bind: Self.meetingsPerFeed)
            """
        ).all()
        return try rows.map { row in
            Meeting(
                id: try row.decode(column: "id", as: UUID.self), clubID: try row.decode(column: "club_id", as: UUID.self),
                clubName: try row.decode(column: "club_name", as: String.self),
                title: try row.decode(column: "title", as: String.self),
                startsAt: try row.decode(column: "starts_at", as: Date.self),
                endsAt: try row.decode(column: "ends_at", as: Date?.self),
                place: try row.decode(column: "place", as: String?.self), link: try row.decode(column: "link", as: String?.self),
                timeZone: try row.decode(column: "time_zone", as: String.self),
                sequence: try row.decode(column: "sequence", as: Int.self),
                cancelled: try row.decode(column: "cancelled_at", as: Date?.self) != nil,
                updatedAt: try row.decode(column: "updated_at", as: Date?.self) ?? .distantPast)
        }
    }

    /// The schedules of the current books of the clubs the reader is in.
    package func milestones(of userID: UUID) async throws -> [Milestone] {
        let rows = try await db.sql.raw(
            """
            SELECT ms.id, b.club_id, c.name AS club_name, w.title AS book_title, ms.label, ms.page, ms.percent, ms.due_on,
              ms.sequence, ms.updated_at
            FROM club_milestones ms JOIN club_books b ON b.id = ms.club_book_id AND b.finished_on IS NULL
            JOIN club_members cm ON cm.club_id = b.club_id AND cm.user_id = \(bind: userID)
            JOIN clubs c ON c.id = b.club_id JOIN works w ON w.id = b.work_id
            ORDER BY ms.due_on, ms.id
            """
        ).all()
        return try rows.map { row in
            Milestone(
                id: try row.decode(column: "id", as: UUID.self), clubID: try row.decode(column: "club_id", as: UUID.self),
                clubName: try row.decode(column: "club_name", as: String.self),
                bookTitle: try row.decode(column: "book_title", as: String.self),
                label: try row.decode(column: "label", as: String?.self), page: try row.decode(column: "page", as: Int?.self),
                percent: try row.decode(column: "percent", as: Double?.self),
                dueOn: try row.decode(column: "due_on", as: String.self),
                sequence: try row.decode(column: "sequence", as: Int.self),
                updatedAt: try row.decode(column: "updated_at", as: Date?.self) ?? .distantPast)
        }
    }

    package init(db: any Database) {
        self.db = db
    }
}
