import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// The email digests: once a day (or a week) a reader who chose it for some kinds gets one message
/// with what of those kinds is still unread and no digest has carried yet (of the last 30 days). A period is claimed for a
/// reader by inserting its row in `digest_runs` (the primary key is reader, frequency and period),
/// so however many processes run the job, one of them mails it, once. The caller sends the letters
/// (nothing is made when mail is not set up: the job does not run then).
package struct NotificationDigest {
    package let db: any Database
    package let now: Date
    package let baseURL: String
    /// The words and paths the pages use (the server knows the views; this service does not).
    package let links: DigestLinks

    /// How many readers one run mails at most (the next run takes the rest).
    package static let readersPerRun = 200
    /// Unread notifications older than this are not mailed any more.
    package static let oldest: TimeInterval = 30 * 86_400
    /// How many notifications one digest lists.
    package static let itemsPerDigest = 50

    package struct Letter: Sendable, Equatable {
        package var userID: UUID
        package var frequency: DigestFrequency
        package var periodStart: Date
        package var message: MailMessage
        /// The notifications it carries, marked mailed once it is sent.
        package var ids: [UUID]
    }

    /// The digests due now, each claimed for this process.
    package func claim() async throws -> [Letter] {
        var letters: [Letter] = []
        for frequency in [DigestFrequency.daily, .weekly] {
            guard let length = frequency.period else { continue }
            let start = Self.periodStart(frequency, at: now)
            let from = start.addingTimeInterval(-max(length, Self.oldest))
            let candidates = try await db.sql.raw(
                """
                SELECT DISTINCT s.user_id FROM notification_settings s
                WHERE s.email = \(bind: frequency.rawValue) AND EXISTS (
                  SELECT 1 FROM notifications n WHERE n.user_id = s.user_id AND n.kind = s.kind AND n.read_at IS NULL
                    AND n.mailed_at IS NULL AND n.created_at >= \(bind: from) AND n.created_at < \(bind: start))
                AND NOT EXISTS (
                  SELECT 1 FROM digest_runs d WHERE d.user_id = s.user_id AND d.frequency = \(bind: frequency.rawValue)
                    AND d.period_start = \(bind: start))
                LIMIT \(bind: Self.readersPerRun)
                """
            ).all().map { try $0.decode(column: "user_id", as: UUID.self) }
            for userID in candidates {
                let claimed = try await db.writeTransaction { db in
                    try await db.sql.raw(
                        """
                        INSERT INTO digest_runs (user_id, frequency, period_start) VALUES (\(bind: userID),
                          \(bind: frequency.rawValue), \(bind: start))
                        ON CONFLICT (user_id, frequency, period_start) DO NOTHING RETURNING user_id
                        """
                    ).all()
                }
                guard !claimed.isEmpty, let letter = try await letter(userID, frequency, from: from, until: start) else {
                    continue
                }
                letters.append(letter)
            }
        }
        return letters
    }

    /// Marks a letter sent (after the mail server took it), and what it carried mailed.
    package func sent(_ letter: Letter) async throws {
        let now = now
        try await db.writeTransaction { db in
            try await db.sql.raw(
                "UPDATE notifications SET mailed_at = \(bind: now) WHERE user_id = \(bind: letter.userID) AND id IN (\(binds: letter.ids))"
            ).run()
            try await db.sql.raw(
                """
                UPDATE digest_runs SET sent_at = \(bind: now) WHERE user_id = \(bind: letter.userID)
                  AND frequency = \(bind: letter.frequency.rawValue) AND period_start = \(bind: letter.periodStart)
                """
            ).run()
        }
    }

    /// The start of the period running at `date`: midnight UTC, or Monday's for a week.
    package static func periodStart(_ frequency: DigestFrequency, at date: Date) -> Date {
        let day = LocalDate(date, in: TimeZone(identifier: "UTC")!)
        // Day 0 (1970-01-01) was a Thursday: Monday is three days later.
        let monday = day.dayNumber - ((day.dayNumber - 4) % 7 + 7) % 7
        let number = frequency == .weekly ? monday : day.dayNumber
        return Date(timeIntervalSince1970: Double(number) * 86_400)
    }

    private func letter(_ userID: UUID, _ frequency: DigestFrequency, from: Date, until: Date) async throws -> Letter? {
        guard let user = try await User.find(userID, on: db) else { return nil }
        let service = NotificationService(db: db, userID: userID, now: now)
        let settings = try await service.settings()
        let chosen = settings.filter { $0.value.email == frequency }.map(\.key.rawValue)
        guard !chosen.isEmpty else { return nil }
        let due = Set(
            try await db.sql.raw(
                """
                SELECT id FROM notifications WHERE user_id = \(bind: userID) AND read_at IS NULL AND mailed_at IS NULL
                  AND kind IN (\(binds: chosen)) AND created_at >= \(bind: from) AND created_at < \(bind: until)
                """
            ).all().map { try $0.decode(column: "id", as: UUID.self) })
        // The reader's own notifications as they would read them (the spoiler gate applied).
        let items = try await service.page(before: nil, limit: 500).items.filter { due.contains($0.id) }
        guard !items.isEmpty else { return nil }
        let token = try await unsubscribeToken(for: userID)
        let unsubscribe = baseURL + links.unsubscribe(token)
        var lines = ["Hello \(user.displayName),", "", "What you have not read yet on Dogear:", ""]
        for item in items.prefix(Self.itemsPerDigest) {
            let (summary, path) = links.describe(item)
            lines.append("- \(summary)")
            if let text = item.text { lines.append("  “\(text)”") }
            if let place = item.hiddenUntil { lines.append("  (its words wait until you reach \(place))") }
            lines.append("  \(baseURL)\(path)")
        }
        if items.count > Self.itemsPerDigest { lines.append("… and \(items.count - Self.itemsPerDigest) more.") }
        lines += [
            "", "All your notifications: \(baseURL)\(links.notifications)",
            "Choose what comes by email: \(baseURL)\(links.settings)",
            "Stop these emails with one click: \(unsubscribe)",
        ]
        let period = frequency == .daily ? "daily" : "weekly"
        return Letter(
            userID: userID, frequency: frequency, periodStart: until,
            message: MailMessage(
                to: user.email, subject: "Dogear: \(items.count) unread (\(period) digest)",
                body: lines.joined(separator: "\n"), unsubscribeURL: unsubscribe),
            ids: items.map(\.id))
    }

    /// The reader's unsubscribe secret, made with their first digest.
    private func unsubscribeToken(for userID: UUID) async throws -> String {
        if let token = try await db.sql.raw("SELECT token FROM digest_unsubscribes WHERE user_id = \(bind: userID)").first()?
            .decode(column: "token", as: String.self)
        {
            return token
        }
        let token = TokenHashing.newToken()
        try await db.writeTransaction { db in
            try await db.sql.raw(
                "INSERT INTO digest_unsubscribes (user_id, token) VALUES (\(bind: userID), \(bind: token)) ON CONFLICT (user_id) DO NOTHING"
            ).run()
        }
        return try await db.sql.raw("SELECT token FROM digest_unsubscribes WHERE user_id = \(bind: userID)").first()?
            .decode(column: "token", as: String.self) ?? token
    }

    /// Whether a secret is a reader's unsubscribe secret.
    package static func knows(token: String, on db: any Database) async throws -> Bool {
        guard (20...100).contains(token.utf8.count) else { return false }
        return try await db.sql.raw("SELECT user_id FROM digest_unsubscribes WHERE token = \(bind: token)").first() != nil
    }

    /// The one-click unsubscribe: every kind's email off for the reader the secret names. False
    /// for a secret that is nobody's.
    package static func unsubscribe(token: String, on db: any Database) async throws -> Bool {
        guard (20...100).contains(token.utf8.count),
            let row = try await db.sql.raw("SELECT user_id FROM digest_unsubscribes WHERE token = \(bind: token)").first()
        else { return false }
        let userID = try row.decode(column: "user_id", as: UUID.self)
        let service = NotificationService(db: db, userID: userID, now: Date())
        var changes: [String: NotificationChannelsChange] = [:]
        for kind in NotificationKind.allCases {
            changes[kind.rawValue] = NotificationChannelsChange(email: DigestFrequency.off.rawValue)
        }
        _ = try await service.update(changes)
        return true
    }

    package init(db: any Database, now: Date, baseURL: String, links: DigestLinks) {
        self.db = db
        self.now = now
        self.baseURL = baseURL
        self.links = links
    }
}

/// What a digest links to and how it names a notification, given by the server from its URL table.
package struct DigestLinks: Sendable {
    package var describe: @Sendable (NotificationRecord) -> (summary: String, path: String)
    package var unsubscribe: @Sendable (String) -> String
    package var notifications: String
    package var settings: String

    package init(
        describe: @escaping @Sendable (NotificationRecord) -> (summary: String, path: String),
        unsubscribe: @escaping @Sendable (String) -> String, notifications: String, settings: String
    ) {
        self.describe = describe
        self.unsubscribe = unsubscribe
        self.notifications = notifications
        self.settings = settings
    }
}
