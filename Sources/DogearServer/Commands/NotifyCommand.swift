import DogearServices
import Foundation
import Vapor

/// `dogear notify [--at TIME]`: what the server's background job does every five minutes, once,
/// now or as if it were TIME (ISO 8601): meeting reminders and schedule warnings, then the email
/// digests due, sent through SMTP_URL. Safe beside a running server or another `notify`: each
/// reminder is written once and each digest period is claimed by one process.
package struct NotifyCommand: AsyncCommand {
    package struct Signature: CommandSignature {
        package init() {}

        @Option(name: "at", help: "Run as if it were this time (ISO 8601, e.g. 2026-12-01T00:05:00Z)")
        package var at: String?
    }

    package var help: String { "Write the reminders and warnings due, and mail the digests due (once)" }

    package init() {}

    package func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.prepareDatabase()
        let now: Date
        if let text = signature.at {
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw CommandFailure("--at must be an ISO 8601 time such as 2026-12-01T00:05:00Z; got \(text)")
            }
            now = date
        } else {
            now = app.clock.now()
        }
        let written = try await NotificationSweep(db: app.db, now: now).run()
        let digests = try await DigestJob.run(app, at: now)
        context.console.print(
            "notifications: \(written) reminders and warnings written; digests: \(digests.sent) sent, \(digests.failed) not sent"
                + (app.mailer == nil ? " (no SMTP_URL: no mail)" : ""))
    }
}
