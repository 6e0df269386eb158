import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// One push to send: a notification as the reader's inbox shows it, and the browsers to send it to.
package struct PushDue: Sendable {
    package var record: NotificationRecord
    package var subscriptions: [PushSubscriptionRecord]
}

package struct PushSubscriptionRecord: Sendable, Equatable {
    package var id: UUID
    package var endpoint: String
    package var p256dh: String
    package var auth: String
    /// Pushes it failed in a row until now.
    package var failures: Int
}

/// The notifications not yet pushed, taken once (a claim in one statement, so however many
/// processes send, each notification is taken by one) and sent after their own transaction
/// committed: the sender reads only rows that are there. A notification is pushed when its reader
/// has push on for its kind, has a browser subscribed, and it is fresh (`PushRules.freshFor`);
/// the others are taken and left to the inbox. At most once: a push whose send fails is not tried
/// again (it is in the inbox); a browser failing `PushRules.failuresBeforeForgetting` in a row is
/// forgotten.
package struct PushOutbox {
    package let db: any Database
    package let now: Date
    /// How long a browser's session lasts: a browser whose session (or app token) has ended is
    /// sent nothing and forgotten, though nobody signed out (an ended session is deleted only when
    /// it is next shown, so the cascade alone would leave it pushing for ever).
    package let sessions: SessionLifetime

    package init(db: any Database, now: Date, sessions: SessionLifetime) {
        self.db = db
        self.now = now
        self.sessions = sessions
    }

    /// How many one round takes.
    package static let batch = 200

    /// What this round took (`taken`: all of them, pushed or not) and what of it is to be sent.
    package func claim() async throws -> (taken: Int, due: [PushDue]) {
        let now = now
        let claimed = try await db.writeTransaction { db in
            try await db.sql.raw(
                """
                UPDATE notifications SET pushed_at = \(bind: now)
                WHERE pushed_at IS NULL AND id IN (
                  SELECT id FROM notifications WHERE pushed_at IS NULL ORDER BY created_at LIMIT \(bind: Self.batch))
                RETURNING id, user_id, kind, created_at
                """
            ).all().map { row in
                (
                    id: try row.decode(column: "id", as: UUID.self), userID: try row.decode(column: "user_id", as: UUID.self),
                    kind: NotificationKind(rawValue: try row.decode(column: "kind", as: String.self)),
                    createdAt: try row.decode(column: "created_at", as: Date.self)
                )
            }
        }
        let fresh = claimed.filter { now.timeIntervalSince($0.createdAt) <= PushRules.freshFor && $0.kind != nil }
        let readers = Array(Set(fresh.map(\.userID)))
        guard !readers.isEmpty else { return (claimed.count, []) }
        var browsers: [UUID: [PushSubscriptionRecord]] = [:]
        var pushOff: Set<String> = []
        var ended: [UUID] = []
        for chunk in readers.chunked(into: 500) {
            for row in try await db.sql.raw(
                """
                SELECT s.id, s.user_id, s.endpoint, s.p256dh, s.auth, s.failures, t.kind, t.created_at AS token_created,
                  t.last_used_at, t.expires_at
                FROM push_subscriptions s JOIN user_tokens t ON t.id = s.token_id WHERE s.user_id IN (\(binds: chunk))
                """
            ).all() {
                guard try alive(row) else {
                    ended.append(try row.decode(column: "id", as: UUID.self))
                    continue
                }
                browsers[try row.decode(column: "user_id", as: UUID.self), default: []].append(
                    PushSubscriptionRecord(
                        id: try row.decode(column: "id", as: UUID.self),
                        endpoint: try row.decode(column: "endpoint", as: String.self),
                        p256dh: try row.decode(column: "p256dh", as: String.self),
                        auth: try row.decode(column: "auth", as: String.self),
                        failures: try row.decode(column: "failures", as: Int.self)))
            }
            for row in try await db.sql.raw(
                "SELECT user_id, kind FROM notification_settings WHERE push = \(bind: false) AND user_id IN (\(binds: chunk))"
            ).all() {
                pushOff.insert(
                    "\(try row.decode(column: "user_id", as: UUID.self))|\(try row.decode(column: "kind", as: String.self))")
            }
        }
        if !ended.isEmpty {
            let chunks = ended.chunked(into: 500)
            try await db.writeTransaction { db in
                for chunk in chunks {
                    try await db.sql.raw("DELETE FROM push_subscriptions WHERE id IN (\(binds: chunk))").run()
                }
            }
        }
        var due: [PushDue] = []
        let byReader = Dictionary(grouping: fresh, by: \.userID)
        for (reader, rows) in byReader {
            guard let subscriptions = browsers[reader], !subscriptions.isEmpty else { continue }
            let wanted = rows.filter { !pushOff.contains("\(reader)|\($0.kind?.rawValue ?? "")") }.map(\.id)
            let records = try await NotificationService(db: db, userID: reader, now: now).records(ids: wanted)
            due += records.reversed().map { PushDue(record: $0, subscriptions: subscriptions) }
        }
        return (claimed.count, due)
    }

    /// Whether the session or app token a browser subscribed with is still good (`SessionTokens`'
    /// rule: an app token until its expiry, a session by its idle and absolute lifetime).
    private func alive(_ row: any SQLRow) throws -> Bool {
        if try row.decode(column: "kind", as: String?.self) == "app" {
            return try row.decode(column: "expires_at", as: Date?.self).map { $0 > now } ?? true
        }
        let created = try row.decode(column: "token_created", as: Date?.self) ?? now
        let verdict = sessions.verdict(
            createdAt: created.timeIntervalSince1970,
            lastUsedAt: try row.decode(column: "last_used_at", as: Date?.self)?.timeIntervalSince1970,
            now: now.timeIntervalSince1970)
        return verdict != .ended
    }

    /// The push service said this browser is gone (404 or 410): it is not sent to again.
    package func forget(_ subscription: UUID) async throws {
        try await db.writeTransaction { db in
            try await db.sql.raw("DELETE FROM push_subscriptions WHERE id = \(bind: subscription)").run()
        }
    }

    /// A push that did not go (no answer, or refused for another reason): counted, and the browser
    /// forgotten at `PushRules.failuresBeforeForgetting` in a row. Answers whether it was forgotten.
    package func failed(_ subscription: UUID) async throws -> Bool {
        try await db.writeTransaction { db in
            try await db.sql.raw("UPDATE push_subscriptions SET failures = failures + 1 WHERE id = \(bind: subscription)").run()
            let gone = try await db.sql.raw(
                """
                DELETE FROM push_subscriptions
                WHERE id = \(bind: subscription) AND failures >= \(bind: PushRules.failuresBeforeForgetting) RETURNING id
                """
            ).all()
            return !gone.isEmpty
        }
    }

    /// A round's pushes all went to a browser that had failed before: its count starts again.
    package func delivered(_ subscription: UUID) async throws {
        try await db.writeTransaction { db in
            try await db.sql.raw("UPDATE push_subscriptions SET failures = 0 WHERE id = \(bind: subscription)").run()
        }
    }
}
