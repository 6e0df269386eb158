import DogearServices
import DogearStore
import Foundation
import Logging
import Vapor

/// Sends Dogear's mail when SMTP is set (`SMTP_URL`), off the request: the answer to "reset my
/// password" must not take longer for an address that has an account, so the mail goes in the
/// background and its success or failure is logged, never shown to whoever asked.
package final class Mailer: MailSending {
    package let client: SMTPClient
    package let logger: Logger
    package let clock: @Sendable () -> Date

    package init(client: SMTPClient, logger: Logger, clock: @escaping @Sendable () -> Date) {
        self.client = client
        self.logger = logger
        self.clock = clock
    }

    package func sendInBackground(_ message: MailMessage, purpose: String) {
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
        package typealias Value = Mailer
    }

    /// nil when SMTP is not set: then the operator hands out reset links (`dogear user reset-link`).
    package var mailer: Mailer? {
        get { storage[MailerKey.self] }
        set { storage[MailerKey.self] = newValue }
    }
}
