import DogearStore
import FluentKit
import Foundation
import Logging

/// One plain-text mail to one reader.
package struct MailMessage: Sendable, Equatable {
    package var to: String
    package var subject: String
    package var body: String
    /// A one-click unsubscribe address (RFC 8058): sent as `List-Unsubscribe` with
    /// `List-Unsubscribe-Post`, for mail a reader chose to get (the digest).
    package var unsubscribeURL: String?

    package init(to: String, subject: String, body: String, unsubscribeURL: String? = nil) {
        self.to = to
        self.subject = subject
        self.body = body
        self.unsubscribeURL = unsubscribeURL
    }
}

/// Sends mail after the answer has gone, and logs how it went (the server's SMTP mailer).
package protocol MailSending: Sendable {
    func sendInBackground(_ message: MailMessage, purpose: String)
}

/// Hashes and checks passwords (the server's bcrypt, on a pool of its own).
package protocol PasswordHashing: Sendable {
    func hash(_ password: String) async throws -> String
    func verify(_ password: String, against hash: String) async throws -> Bool
}

/// An ID token offered instead of the password, with the nonce its sign-in was given.
package struct ProviderReauthentication: Decodable, Sendable {
    package var provider: IdentityProviderName
    package var idToken: String
    package var nonce: String

    package init(provider: IdentityProviderName, idToken: String, nonce: String) {
        self.provider = provider
        self.idToken = idToken
        self.nonce = nonce
    }
}

/// What the account services need from whoever asks: who is signed in and with which token, from
/// where, and the server's throttle, hasher, mailer and clock. The server fills it from the request
/// (`Request.accountContext()`); the services never see the request itself.
package struct AccountContext: Sendable {
    /// The request's own database: a batch's transaction when the request is part of one.
    package var db: any Database
    /// The database outside any transaction: a refused attempt counts even when the write around it
    /// rolls back, and a mail sent after the answer reads from it.
    package var plainDB: any Database
    package var user: User?
    package var token: UserToken?
    package var clientAddress: String?
    package var userAgent: String?
    package var now: Date
    package var baseURL: String
    /// The reset page's path for a link's token (the server's URL table says it).
    package var resetPath: @Sendable (String) -> String
    package var throttle: SignInThrottle
    package var hasher: any PasswordHashing
    package var mailer: (any MailSending)?
    package var clubEvents: ClubEventHub
    package var logger: Logger
    /// Forgets the request's sign-in (after signing out or deleting the account), so nothing after
    /// it in the request acts as the reader.
    package var forgetSignIn: @Sendable () -> Void
    /// The Apple and Google sign-in the server is set up for, and who checks their ID tokens.
    package var externalSignIn: ExternalSignInSetup

    package init(
        db: any Database, plainDB: any Database, user: User?, token: UserToken?, clientAddress: String?,
        userAgent: String?, now: Date, baseURL: String, resetPath: @escaping @Sendable (String) -> String,
        throttle: SignInThrottle, hasher: any PasswordHashing,
        mailer: (any MailSending)?, clubEvents: ClubEventHub, logger: Logger,
        externalSignIn: ExternalSignInSetup, forgetSignIn: @escaping @Sendable () -> Void
    ) {
        self.db = db
        self.plainDB = plainDB
        self.user = user
        self.token = token
        self.clientAddress = clientAddress
        self.userAgent = userAgent
        self.now = now
        self.baseURL = baseURL
        self.resetPath = resetPath
        self.throttle = throttle
        self.hasher = hasher
        self.mailer = mailer
        self.clubEvents = clubEvents
        self.logger = logger
        self.forgetSignIn = forgetSignIn
        self.externalSignIn = externalSignIn
    }

    /// The signed-in reader, or "not signed in".
    package func currentUser() throws -> User {
        guard let user else { throw DomainError.notAuthenticated }
        return user
    }
}
