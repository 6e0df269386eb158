import DogearServices
import DogearViews
import Vapor

/// The email digests due at `now`, claimed and sent through the configured SMTP server (nothing
/// when there is none). A digest the mail server refuses is logged and not tried again this period:
/// its period stays claimed, so a reader is never mailed twice.
enum DigestJob {
    static func run(_ app: Application, at now: Date) async throws -> (sent: Int, failed: Int) {
        guard let mailer = app.mailer else { return (0, 0) }
        let digest = NotificationDigest(db: app.db, now: now, baseURL: app.baseURL, links: links)
        var (sent, failed) = (0, 0)
        for letter in try await digest.claim() {
            do {
                try await mailer.client.send(letter.message, date: now)
                try await digest.sent(letter)
                sent += 1
            } catch {
                failed += 1
                app.logger.error("digest not sent", metadata: ["error": .string("\(error)")])
            }
        }
        return (sent, failed)
    }

    static let links = DigestLinks(
        describe: { record in
            (
                NotificationWords.summary(
                    kind: record.kind, actor: record.actor?.displayName, club: record.club?.name, title: record.title),
                NotificationWords.path(kind: record.kind, clubID: record.club?.id)
            )
        }, unsubscribe: { SiteURL.unsubscribe($0).path }, notifications: SiteURL.notifications.path,
        settings: SiteURL.notificationSettings.path)
}
