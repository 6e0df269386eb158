import DogearCore
import DogearStore
import FluentKit
import Foundation

/// Sign up, sign in, sign out and the profile.
package struct AccountService {
    package let context: AccountContext
    package var db: any Database { context.db }

    package func signUp(_ body: SignUpInput) async throws -> AuthRecord {
        let email = try Self.validEmail(body.email)
        let displayName = try Validate.text(body.displayName, field: "displayName", length: Limits.displayNameLength)
        try Self.validatePassword(body.password)
        // Hashed before the address is looked up, so a taken address answers after the same work
        // as a free one: the time does not tell which addresses have accounts. The answer still
        // does (409 emailTaken), by choice: Dogear runs with no setup and so, by default, with no
        // mail, and a sign-up that answered "check your email" would leave every new reader on such
        // a server waiting for a mail that never comes (and would break every app that signs up
        // and goes on). What limits the leak instead: the time is the same, attempts count against
        // the address's and the client's limits, only someone with an account's password can move
        // an email onto it, and when SMTP is set the owner of the address is told by mail that
        // someone tried it (`ownerNotice`).
        let throttle = context.throttle
        let address = context.clientAddress
        let now = context.now.timeIntervalSince1970
        try await throttle.check(account: email.lowercased(), address: address, now: now, on: context.plainDB)
        let hash = try await context.hasher.hash(body.password)
        if let owner = try await User.query(on: db).filter(\.$emailKey == email.lowercased()).first() {
            try await throttle.failed(account: email.lowercased(), address: address, now: now, on: context.plainDB)
            context.mailer?.sendInBackground(Self.ownerNotice(to: owner), purpose: "signUpAttempt")
            throw DomainError.emailTaken
        }
        let user = User(email: email, passwordHash: hash, displayName: displayName)
        return try await WritePipeline(db: db, now: context.now, clubEvents: nil).run { db, changes in
            try await user.create(on: db)
            changes.changed(.profile, try user.requireID(), of: try user.requireID())
            return try await issueToken(for: user, on: db)
        }
    }

    /// Told to the owner of an address someone tried to sign up with.
    package static func ownerNotice(to owner: User) -> MailMessage {
        MailMessage(
            to: owner.email, subject: "Someone tried to make a Dogear account with your email",
            body: """
                Hello \(owner.displayName),

                Someone just tried to create a new Dogear account with this email address, which
                already has one. If it was you, sign in instead, or use “Forgot your password?” on the
                sign-in page. If it was not you, nothing changed: your account is as it was.
                """)
    }

    /// The same answer for an unknown email and a wrong password, so the API does not tell which
    /// emails have accounts.
    ///
    /// Wrong passwords are limited per account and per client address (`SignInThrottle`): a locked
    /// account is answered 429 before any bcrypt runs; a locked address only when its password is wrong.
    package func signIn(_ body: SignInInput) async throws -> AuthRecord {
        let key = body.email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let throttle = context.throttle
        let address = context.clientAddress
        let now = context.now.timeIntervalSince1970
        // A locked account is refused before any bcrypt. A locked address is not: many readers may
        // share one (an office, a proxy), so its lock only turns wrong guesses into 429s and the right
        // password still signs in.
        try await throttle.check(account: key, address: nil, now: now, on: context.plainDB)
        let addressWait = try await throttle.wait(address: address, now: now, on: context.plainDB)
        let hasher = context.hasher
        guard let user = try await User.query(on: db).filter(\.$emailKey == key).first() else {
            // Spend the time a real check would, so timing does not tell either.
            _ = try? await hasher.hash(body.password)
            try await throttle.failed(account: key, address: address, now: now, on: context.plainDB)
            throw addressWait.map(SignInThrottle.tooMany) ?? DomainError.wrongCredentials
        }
        // An account made by Apple or Google sign-in has no password until a reset link gives it one.
        guard !user.passwordHash.isEmpty, try await hasher.verify(body.password, against: user.passwordHash) else {
            if user.passwordHash.isEmpty { _ = try? await hasher.hash(body.password) }
            try await throttle.failed(account: key, address: address, now: now, on: context.plainDB)
            throw addressWait.map(SignInThrottle.tooMany) ?? DomainError.wrongCredentials
        }
        try await throttle.succeeded(account: key, on: context.plainDB)
        return try await issueToken(for: user, on: db)
    }

    package func signOut() async throws {
        guard let token = context.token else { throw DomainError.notAuthenticated }
        try await token.delete(on: db)
        context.forgetSignIn()
    }

    package func updateProfile(_ user: User, _ patch: ProfileUpdateInput) async throws -> User {
        if let change = patch.displayName.change {
            user.displayName = try Validate.text(change ?? "", field: "displayName", length: Limits.displayNameLength)
        }
        if let change = patch.photoUrl.change { user.photoURL = try Validate.optionalURL(change, field: "photoUrl") }
        if let change = patch.onboardingDone.change { user.onboardingDone = change ?? false }
        if let change = patch.genrePreferences.change {
            user.genrePreferences = try Validate.stringList(
                change, field: "genrePreferences",
                maxCount: Limits.genresPerWork * 2, maxLength: Limits.genreMaxLength)
        }
        if let change = patch.timeZone.change {
            guard let name = change, TimeZone(identifier: name) != nil else {
                throw ValidationError(field: "timeZone", "use an IANA time zone such as Europe/Paris")
            }
            user.timeZone = name
        }
        var emailChanged = false
        if let change = patch.email.change {
            let email = try Self.validEmail(change ?? "")
            if email.lowercased() != user.emailKey {
                if context.token?.isAppToken == true {
                    throw DomainError(.forbidden, code: .insufficientScope, "an app's token cannot change the account's email")
                }
                // Whoever holds a session must also know the password to move the account elsewhere.
                try await SessionService.requirePassword(patch.currentPassword, of: user, context)
                if try await User.query(on: db).filter(\.$emailKey == email.lowercased()).first() != nil {
                    throw DomainError.emailTaken
                }
                emailChanged = true
            }
            user.email = email
            user.emailKey = email.lowercased()
        }
        let keep = context.token?.id
        let endOthers = emailChanged
        try await WritePipeline(db: db, now: context.now, clubEvents: nil).run { db, changes in
            try await user.save(on: db)
            if endOthers { try await SessionService.endSessions(of: user, except: keep, on: db) }
            // The profile, and the reader's lists, which carry the owner's name.
            let userID = try user.requireID()
            let lists = try await ReadingList.query(on: db).filter(\.$owner.$id == userID).all().map { try $0.requireID() }
            changes.changed(.profile, userID, of: userID)
            changes.changed(.list, lists, of: userID)
        }
        return user
    }

    /// "I forgot my password": mails a one-time link when SMTP is set and the address has an account.
    /// The answer is the same either way, and as quick: looking the address up, making the link and
    /// mailing it all happen after the answer. Asking is limited per address asked about and per
    /// client, so the mail cannot be used to flood someone's inbox.
    package func askPasswordReset(email raw: String) async throws {
        let key = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !key.isEmpty else { throw ValidationError(field: "email", "must not be empty") }
        let address = context.clientAddress.map { "reset:" + $0 }
        let now = context.now
        do {
            try await context.throttle.check(
                account: "reset:" + key, address: address, now: now.timeIntervalSince1970, on: context.plainDB)
        } catch let error as DomainError {
            var limited = DomainError(error.kind, code: error.code, "too many reset requests; try again later")
            limited.retryAfterSeconds = error.retryAfterSeconds
            throw limited
        }
        try await context.throttle.failed(
            account: "reset:" + key, address: address, now: now.timeIntervalSince1970, on: context.plainDB)
        guard let mailer = context.mailer else {
            context.logger.notice(
                "a password reset was asked for, but SMTP is not set: `dogear user reset-link EMAIL` makes a link")
            return
        }
        let (db, baseURL, logger, resetPath) = (context.plainDB, context.baseURL, context.logger, context.resetPath)
        Task {
            do {
                guard let user = try await User.query(on: db).filter(\.$emailKey == key).first() else { return }
                let link = try await PasswordResetService(db: db, now: now, baseURL: baseURL, resetPath: resetPath).makeLink(
                    for: user)
                mailer.sendInBackground(PasswordResetService.mail(to: user, link: link), purpose: "passwordReset")
            } catch {
                logger.error("a password reset link could not be made", metadata: ["error": .string("\(error)")])
            }
        }
    }

    /// Deletes the signed-in reader's account once they give their password again (or sign in with
    /// Apple or Google again, for an account linked to one); every session
    /// and token ends with it (`AccountDeletion` says what goes and what stays).
    package func deleteAccount(currentPassword: String?, reauthentication: ProviderReauthentication? = nil) async throws {
        let user = try context.currentUser()
        if context.token?.isAppToken == true {
            throw DomainError(.forbidden, code: .insufficientScope, "an app's token cannot delete the account")
        }
        if let reauthentication, currentPassword == nil {
            // An account without a password (or a reader who prefers it) signs in with the provider again.
            try await ExternalSignInService(context: context).reauthenticate(user, reauthentication)
        } else {
            try await SessionService.requirePassword(currentPassword, of: user, context)
        }
        try await AccountDeletion(db: db, clubEvents: context.clubEvents, now: context.now).delete(user)
        context.forgetSignIn()
    }

    package func issueToken(for user: User, on db: any Database) async throws -> AuthRecord {
        let token = TokenHashing.newToken()
        let row = UserToken(userID: try user.requireID(), tokenHash: TokenHashing.hash(token))
        row.userAgent = context.userAgent.map { String($0.prefix(Limits.shortTextMaxLength)) }
        try await row.create(on: db)
        return AuthRecord(token: token, user: try UserRecord(user))
    }

    package static func validEmail(_ raw: String) throws -> String {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !email.isEmpty else { throw ValidationError(field: "email", "must not be empty") }
        guard email.count <= Limits.emailMaxLength else {
            throw ValidationError(field: "email", "must be at most \(Limits.emailMaxLength) characters")
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
            !parts[1].hasSuffix("."), !email.contains(where: \.isWhitespace)
        else {
            throw ValidationError(field: "email", "'\(email)' is not an email address")
        }
        return email
    }

    package static func validatePassword(_ password: String) throws {
        guard password.count >= Limits.passwordLength.lowerBound else {
            throw ValidationError(field: "password", "must be at least \(Limits.passwordLength.lowerBound) characters")
        }
        guard password.utf8.count <= Limits.passwordLength.upperBound else {
            throw ValidationError(field: "password", "must be at most \(Limits.passwordLength.upperBound) bytes")
        }
    }

    package init(context: AccountContext) {
        self.context = context
    }
}
