import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// A notification about to be written: who is told, of what kind, in which club, by whom, about
/// what (a comment, a meeting, a milestone), with a comment's place for the spoiler gate.
package struct NewNotification: Sendable, Equatable {
    package var userID: UUID
    package var kind: NotificationKind
    package var clubID: UUID?
    package var actorID: UUID?
    package var subjectID: UUID?
    package var workID: UUID?
    package var page: Int?
    package var percent: Double?
    /// What it is about, named: the meeting's or the book's title.
    package var title: String?
    /// The comment's opening words (shown only past the spoiler gate).
    package var snippet: String?
    /// Once per reader: a reminder or a warning the sweep may find again.
    package var onceKey: String?

    package init(
        userID: UUID, kind: NotificationKind, clubID: UUID? = nil, actorID: UUID? = nil, subjectID: UUID? = nil,
        workID: UUID? = nil, page: Int? = nil, percent: Double? = nil, title: String? = nil, snippet: String? = nil,
        onceKey: String? = nil
    ) {
        self.userID = userID
        self.kind = kind
        self.clubID = clubID
        self.actorID = actorID
        self.subjectID = subjectID
        self.workID = workID
        self.page = page
        self.percent = percent
        self.title = title
        self.snippet = snippet
        self.onceKey = onceKey
    }
}

/// Writes notifications inside the transaction of the change they tell of, so a change and its
/// notifications commit (or roll back) together.
package enum NotificationLog {
    /// How much of a comment a notification keeps.
    package static let snippetLength = 200

    /// Returns how many were written (a once-only one already there is not written again).
    @discardableResult
    package static func add(_ rows: [NewNotification], at now: Date, on db: any Database) async throws -> Int {
        var written = 0
        for row in rows {
            let inserted = try await db.sql.raw(
                """
                INSERT INTO notifications (id, user_id, kind, club_id, actor_id, subject_id, work_id, page, percent, title,
                  snippet, once_key, created_at)
                VALUES (\(bind: UUID.timeOrdered()), \(bind: row.userID), \(bind: row.kind.rawValue), \(bind: row.clubID),
                  \(bind: row.actorID), \(bind: row.subjectID), \(bind: row.workID), \(bind: row.page), \(bind: row.percent),
                  \(bind: row.title), \(bind: row.snippet.map { String($0.prefix(snippetLength)) }), \(bind: row.onceKey),
                  \(bind: now))
                ON CONFLICT (user_id, once_key) DO NOTHING RETURNING id
                """
            ).all()
            written += inserted.count
        }
        return written
    }

    /// The members of a club, by id, with their display names (for mentions and club-wide news).
    package static func members(of clubID: UUID, on db: any Database) async throws -> [(id: UUID, name: String, role: String)] {
        try await db.sql.raw(
            """
            SELECT u.id, u.display_name, m.role FROM club_members m JOIN users u ON u.id = m.user_id
            WHERE m.club_id = \(bind: clubID) ORDER BY m.created_at, u.id
            """
        ).all().map { row in
            (
                try row.decode(column: "id", as: UUID.self), try row.decode(column: "display_name", as: String.self),
                try row.decode(column: "role", as: String.self)
            )
        }
    }
}
