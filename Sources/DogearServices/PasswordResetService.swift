import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// Password recovery with one-time links, valid for an hour: mailed when SMTP is set, printed for
/// the operator by `dogear user reset-link EMAIL` otherwise.
///
/// Asking answers the same whether or not the address has an account (the mail goes in the
/// background, so not even the time differs). Using a link sets the new password and ends every
/// session and every app token: whoever needs a reset may have lost the account to someone, and
/// what that someone made must not outlive it (a password change, where the reader still has the
/// account, keeps app tokens).
package struct PasswordResetService {
    package let db: any Database
    package let now: Date
    package let baseURL: String
    /// The reset page's path for a link's token (the server's URL table says it).
    package let resetPath: @Sendable (String) -> String

    package static let lifetime: TimeInterval = 60 * 60
    package static let invalidLink = DomainError(
        .unprocessable, code: .invalidResetLink,
        "this link has expired or was already used; ask for a new one", field: "token")

    /// A new link for this reader; any earlier one stops working.
    package func makeLink(for user: User) async throws -> String {
        let token = TokenHashing.newToken()
        let userID = try user.requireID()
        let link = AccountLink(
            userID: userID, purpose: .passwordReset, tokenHash: TokenHashing.hash(token),
            expiresAt: now.addingTimeInterval(Self.lifetime))
        try await db.writeTransaction { db in
            try await AccountLink.query(on: db).filter(\.$user.$id == userID).filter(\.$purpose == .passwordReset).delete()
            try await link.create(on: db)
        }
        return baseURL.trimmingSuffix("/") + resetPath(token)
    }

    /// The reader a link's token belongs to, while it works.
    package func reader(for token: String) async throws -> User {
        guard !token.isEmpty,
            let link = try await AccountLink.query(on: db).filter(\.$tokenHash == TokenHashing.hash(token))
                .filter(\.$purpose == .passwordReset).with(\.$user).first(),
            link.expiresAt > now
        else { throw Self.invalidLink }
        return link.user
    }

    /// Sets the new password; the link is used up and every session and app token ends.
    package func reset(token: String, newPassword: String, hasher: any PasswordHashing) async throws -> User {
        do {
            try AccountService.validatePassword(newPassword)
        } catch let error as ValidationError {
            throw ValidationError(field: "newPassword", error.message)
        }
        let user = try await reader(for: token)
        let hash = try await hasher.hash(newPassword)
        let userID = try user.requireID()
        let tokenHash = TokenHashing.hash(token)
        try await db.writeTransaction { db in
            // Deleting the row is what makes the link one-time: of two uses at once, one deletes it
            // and the other finds nothing left to delete.
            let used = try await db.sql.raw("DELETE FROM account_links WHERE token_hash = \(bind: tokenHash) RETURNING id").all()
            guard used.count == 1 else { throw Self.invalidLink }
            try await AccountLink.query(on: db).filter(\.$user.$id == userID).delete()
            user.passwordHash = hash
            try await user.save(on: db)
            try await UserToken.query(on: db).filter(\.$user.$id == userID).delete()
            // Whoever held the account before the reset keeps no way in: not an e-reader's login,
            // not the feeds' or the calendar's secret address, not a browser taking its pushes.
            try await DeviceLogin.query(on: db).filter(\.$user.$id == userID).delete()
            try await db.sql.raw("DELETE FROM reader_feeds WHERE user_id = \(bind: userID)").run()
            try await db.sql.raw("DELETE FROM calendar_feeds WHERE user_id = \(bind: userID)").run()
            try await db.sql.raw("DELETE FROM push_subscriptions WHERE user_id = \(bind: userID)").run()
        }
        return user
    }

    package static func mail(to user: User, link: String) -> MailMessage {
        MailMessage(
            to: user.email, subject: "Reset your Dogear password",
            body: """
                Hello \(user.displayName),

                Someone, hopefully you, asked to reset the password of your Dogear account. To choose a
                new one, open this link within the hour:

                \(link)

                It works once. Setting a new password signs you out on every device and ends your apps'
                tokens. If you did not ask, ignore this mail: your password stays as it is.
                """)
    }

    package init(db: any Database, now: Date, baseURL: String, resetPath: @escaping @Sendable (String) -> String) {
        self.db = db
        self.now = now
        self.baseURL = baseURL
        self.resetPath = resetPath
    }
}

extension String {
    package func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
