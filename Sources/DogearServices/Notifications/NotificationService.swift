import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// A reader's notifications: newest first with the unread count, marked read by id or all at
/// once, and the reader's choice per kind of email digest and push. Only the reader's own rows are
/// ever read or changed (every statement says `user_id`), so another reader's ids change nothing.
/// A comment's words pass the spoiler gate as they are read: a reply about page 200 tells a reader
/// at page 50 that there is a reply, not what it says.
package struct NotificationService {
    package let db: any Database
    package let userID: UUID
    package let now: Date

    package static let pageSize = 30

    package func page(before cursor: UUID?, limit: Int = Self.pageSize) async throws -> NotificationsPage {
        var condition = SQLQueryString("n.user_id = \(bind: userID)")
        if let cursor {
            guard
                let row = try await db.sql.raw(
                    "SELECT created_at FROM notifications WHERE id = \(bind: cursor) AND user_id = \(bind: userID)"
                ).first()
            else { throw DomainError.badRequest("'\(cursor)' is not a cursor from your notifications", field: "cursor") }
            let stamp = try row.decode(column: "created_at", as: Date.self)
            condition = SQLQueryString(
                "n.user_id = \(bind: userID) AND (n.created_at < \(bind: stamp) OR (n.created_at = \(bind: stamp) AND n.id < \(bind: cursor)))"
            )
        }
        let rows = try await db.sql.raw(
            """
            \(unsafeRaw: Self.columns)
            WHERE \(condition) ORDER BY n.created_at DESC, n.id DESC LIMIT \(bind: limit + 1)
            """
        ).all()
        let items = try await records(from: Array(rows.prefix(limit)))
        return NotificationsPage(
            items: items, unreadCount: try await unreadCount(),
            nextCursor: rows.count > limit ? items.last?.id.uuidString : nil)
    }

    /// These notifications of the reader's, newest first, through the same spoiler gate as the
    /// inbox (what a push says of a reply is what the bell's page would).
    package func records(ids: [UUID]) async throws -> [NotificationRecord] {
        guard !ids.isEmpty else { return [] }
        let rows = try await db.sql.raw(
            """
            \(unsafeRaw: Self.columns)
            WHERE n.user_id = \(bind: userID) AND n.id IN (\(binds: ids)) ORDER BY n.created_at DESC, n.id DESC
            """
        ).all()
        return try await records(from: rows)
    }

    private static let columns = """
        SELECT n.id, n.kind, n.club_id, c.name AS club_name, n.actor_id, u.display_name AS actor_name, n.subject_id,
          n.work_id, n.page, n.percent, n.title, n.snippet, n.created_at, n.read_at
        FROM notifications n LEFT JOIN clubs c ON c.id = n.club_id LEFT JOIN users u ON u.id = n.actor_id
        """

    private func records(from rows: [any SQLRow]) async throws -> [NotificationRecord] {
        let places = try await readerPlaces(Set(try rows.compactMap { try $0.decode(column: "work_id", as: UUID?.self) }))
        var items: [NotificationRecord] = []
        for row in rows {
            guard let kind = NotificationKind(rawValue: try row.decode(column: "kind", as: String.self)) else { continue }
            let actorID = try row.decode(column: "actor_id", as: UUID?.self)
            let about: SpoilerGate.Place? =
                try row.decode(column: "page", as: Int?.self).map { .page($0) }
                ?? row.decode(column: "percent", as: Double?.self).map { .percent($0) }
            let workID = try row.decode(column: "work_id", as: UUID?.self)
            let reader = workID.flatMap { places[$0] }
            let visibility = SpoilerGate.visibility(
                of: about, isAuthor: actorID == userID, reader: reader?.place, finished: reader?.finished ?? false,
                pageCount: reader?.pageCount)
            var hiddenUntil: String?
            if case .hiddenUntil(let place) = visibility { hiddenUntil = ClubFeedService.describe(place) }
            let clubID = try row.decode(column: "club_id", as: UUID?.self)
            items.append(
                NotificationRecord(
                    id: try row.decode(column: "id", as: UUID.self), kind: kind,
                    club: clubID.map { ClubRef(id: $0, name: (try? row.decode(column: "club_name", as: String?.self)) ?? "") },
                    actor: try actorID.map {
                        PersonRef(id: $0, displayName: try row.decode(column: "actor_name", as: String?.self) ?? "")
                    },
                    subjectID: try row.decode(column: "subject_id", as: UUID?.self),
                    title: try row.decode(column: "title", as: String?.self),
                    text: hiddenUntil == nil ? try row.decode(column: "snippet", as: String?.self) : nil,
                    hiddenUntil: hiddenUntil, createdAt: try row.decode(column: "created_at", as: Date.self),
                    readAt: try row.decode(column: "read_at", as: Date?.self)))
        }
        return items
    }

    package func unreadCount() async throws -> Int {
        try await db.sql.raw(
            "SELECT COUNT(*) AS n FROM notifications WHERE user_id = \(bind: userID) AND read_at IS NULL"
        ).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Marks the reader's own notifications read (ids of anyone else's are passed over); answers
    /// the unread count after.
    package func markRead(ids: [UUID]?, all: Bool?) async throws -> Int {
        let (userID, now) = (userID, now)
        if let ids, ids.count > 500 { throw ValidationError(field: "ids", "at most 500 at once") }
        if all == true {
            try await db.writeTransaction { db in
                try await db.sql.raw(
                    "UPDATE notifications SET read_at = \(bind: now) WHERE user_id = \(bind: userID) AND read_at IS NULL"
                ).run()
            }
        } else {
            guard let ids, !ids.isEmpty else {
                throw ValidationError(field: "ids", "give the ids of the notifications read, or \"all\": true")
            }
            try await db.writeTransaction { db in
                try await db.sql.raw(
                    """
                    UPDATE notifications SET read_at = \(bind: now)
                    WHERE user_id = \(bind: userID) AND read_at IS NULL AND id IN (\(binds: ids))
                    """
                ).run()
            }
        }
        return try await unreadCount()
    }

    /// Every kind with the reader's channels (Core's defaults where they chose nothing).
    package func settings() async throws -> [NotificationKind: NotificationChannels] {
        var settings = Dictionary(uniqueKeysWithValues: NotificationKind.allCases.map { ($0, NotificationChannels.defaults) })
        for row in try await db.sql.raw(
            "SELECT kind, email, push FROM notification_settings WHERE user_id = \(bind: userID)"
        ).all() {
            guard let kind = NotificationKind(rawValue: try row.decode(column: "kind", as: String.self)),
                let email = DigestFrequency(rawValue: try row.decode(column: "email", as: String.self))
            else { continue }
            settings[kind] = NotificationChannels(email: email, push: try row.decode(column: "push", as: Bool.self))
        }
        return settings
    }

    /// Changes the kinds given; a channel not given keeps its value.
    package func update(_ changes: [String: NotificationChannelsChange]) async throws -> [NotificationKind: NotificationChannels]
    {
        var settings = try await settings()
        var changed: [NotificationKind] = []
        for (name, change) in changes.sorted(by: { $0.key < $1.key }) {
            guard let kind = NotificationKind(rawValue: name) else {
                throw ValidationError(
                    field: name,
                    "not a kind of notification; the kinds are \(NotificationKind.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            var channels = settings[kind] ?? .defaults
            if let email = change.email {
                guard let frequency = DigestFrequency(rawValue: email) else {
                    throw ValidationError(field: "\(name).email", "choose off, daily or weekly")
                }
                channels.email = frequency
            }
            if let push = change.push { channels.push = push }
            settings[kind] = channels
            changed.append(kind)
        }
        let userID = userID
        let rows = changed.map { ($0, settings[$0] ?? .defaults) }
        try await db.writeTransaction { db in
            for (kind, channels) in rows {
                try await db.sql.raw(
                    """
                    INSERT INTO notification_settings (user_id, kind, email, push)
                    VALUES (\(bind: userID), \(bind: kind.rawValue), \(bind: channels.email.rawValue), \(bind: channels.push))
                    ON CONFLICT (user_id, kind) DO UPDATE SET email = excluded.email, push = excluded.push
                    """
                ).run()
            }
        }
        return settings
    }

    /// Where the reader is in each book (their own entry), with the book's page count, for the gate.
    private func readerPlaces(_ works: Set<UUID>) async throws -> [UUID: (
        place: SpoilerGate.Place?, finished: Bool, pageCount: Int?
    )] {
        guard !works.isEmpty else { return [:] }
        var places: [UUID: (place: SpoilerGate.Place?, finished: Bool, pageCount: Int?)] = [:]
        let entries = try await LibraryEntry.query(on: db).filter(\.$user.$id == userID).filter(\.$work.$id ~~ Array(works)).all()
        for work in works {
            let pageCount = try await ClubFeedService.lastPage(of: work, on: db)
            let entry = entries.first { $0.$work.id == work }
            let place = entry.flatMap {
                ClubProgress.place(
                    status: $0.status, currentPage: $0.currentPage,
                    progress: ClubProgress.fraction(progress: $0.progress, currentPage: $0.currentPage, pageCount: pageCount))
            }
            places[work] = (place, entry?.status == .read, pageCount)
        }
        return places
    }

    package init(db: any Database, userID: UUID, now: Date) {
        self.db = db
        self.userID = userID
        self.now = now
    }
}

/// A change to one kind's channels (`PUT /api/v1/notifications/settings`).
package struct NotificationChannelsChange: Decodable, Sendable {
    package var email: String?
    package var push: Bool?

    package init(email: String? = nil, push: Bool? = nil) {
        self.email = email
        self.push = push
    }
}
