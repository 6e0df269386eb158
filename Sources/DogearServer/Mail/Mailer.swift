import DogearStore
import Foundation
import Logging
import Vapor

/// Sends Dogear's mail when SMTP is set (`SMTP_URL`), off the request: the answer to "reset my
/// password" must not take longer for an address that has an account, so the mail goes in the
/// background and its success or failure is logged, never shown to whoever asked.
final class Mailer: Sendable {
    let client: SMTPClient
    let logger: Logger
    let clock: @Sendable () -> Date

    init(client: SMTPClient, logger: Logger, clock: @escaping @Sendable () -> Date) {
        self.client = client
        self.logger = logger
        self.clock = clock
    }

    func sendInBackground(_ message: MailMessage, purpose: String) {
        let (client, logger, date) = (client, logger, clock())
        Task {
            do {
                try await client.send(message, date: date)
                logger.info("mail sent", metadata: ["purpose": .string(purpose)])
            } catch {
                logger.error("mail not sent", metadata: ["purpose": .string(purpose), "error": .string("\(error)")])
            }
        }
    }
}

extension Application {
    private struct MailerKey: StorageKey {
        typealias Value = Mailer
    }

    /// nil when SMTP is not set: then the operator hands out reset links (`dogear user reset-link`).
    var mailer: Mailer? {
        get { storage[MailerKey.self] }
        set { storage[MailerKey.self] = newValue }
    }
}
