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

    /// Returns how many were written (a once-only one already there is not written again). One
    /// statement per 100 rows: a club's 500 members told of a meeting cost five, not 500.
    @discardableResult
    package static func add(_ rows: [NewNotification], at now: Date, on db: any Database) async throws -> Int {
        var written = 0
        for chunk in rows.chunked(into: 100) {
            var values: [SQLQueryString] = []
            for row in chunk {
                values.append(
                    """
                    (\(bind: UUID.timeOrdered()), \(bind: row.userID), \(bind: row.kind.rawValue), \(bind: row.clubID),
                      \(bind: row.actorID), \(bind: row.subjectID), \(bind: row.workID), \(bind: row.page), \(bind: row.percent),
                      \(bind: row.title), \(bind: row.snippet.map { String($0.prefix(snippetLength)) }), \(bind: row.onceKey),
                      \(bind: now))
                    """)
            }
            let inserted = try await db.sql.raw(
                """
                INSERT INTO notifications (id, user_id, kind, club_id, actor_id, subject_id, work_id, page, percent, title,
                  snippet, once_key, created_at)
                VALUES \(values.joined(separator: ", "))
                ON CONFLICT (user_id, once_key) DO NOTHING RETURNING id
                """
            ).all()
            written += inserted.count
        }
        return written
    }

    /// Of these once-only keys, those already written for their readers (a sweep skips them
    /// without a write).
    package static func written(_ keys: [(userID: UUID, key: String)], on db: any Database) async throws -> Set<String> {
        var found = Set<String>()
        for chunk in keys.chunked(into: 500) {
            let rows = try await db.sql.raw(
                "SELECT user_id, once_key FROM notifications WHERE once_key IN (\(binds: chunk.map(\.key)))"
            ).all()
            for row in rows {
                found.insert(
                    "\(try row.decode(column: "user_id", as: UUID.self))|\(try row.decode(column: "once_key", as: String.self))")
            }
        }
        return found
    }

    /// A comment edited: the notifications it made carry its new words and place.
    package static func commentEdited(_ id: UUID, snippet: String, page: Int?, percent: Double?, on db: any Database)
        async throws
    {
        try await db.sql.raw(
            """
            UPDATE notifications SET snippet = \(bind: String(snippet.prefix(snippetLength))), page = \(bind: page),
              percent = \(bind: percent)
            WHERE subject_id = \(bind: id) AND kind IN ('reply', 'mention')
            """
        ).run()
    }

    /// Comments deleted: the notifications they made go with them.
    package static func commentsDeleted(_ ids: [UUID], on db: any Database) async throws {
        guard !ids.isEmpty else { return }
        try await db.sql.raw(
            "DELETE FROM notifications WHERE kind IN ('reply', 'mention') AND subject_id IN (\(binds: ids))"
        ).run()
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
