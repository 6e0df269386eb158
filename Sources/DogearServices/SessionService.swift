import DogearCore
import DogearStore
import FluentKit
import Foundation

/// A reader's sessions (signed-in devices and apps): listing them, ending one or all the others,
/// and changing the password, which ends every other session.
package struct SessionService {
    package let context: AccountContext
    package var db: any Database { context.db }

    package static let sessionNotFound = DomainError.notFound(.sessionNotFound, "no such session")

    /// Most recently used first; `current` marks the one asking.
    package func sessions() async throws -> [DeviceSessionRecord] {
        let user = try context.currentUser()
        let current = context.token?.id
        let tokens = try await UserToken.query(on: db).filter(\.$user.$id == user.requireID()).filter(\.$kind == nil).all()
        return try tokens.map { token in
            DeviceSessionRecord(
                id: try token.requireID(), userAgent: token.userAgent, createdAt: token.createdAt ?? .distantPast,
                lastUsedAt: token.lastUsedAt ?? token.createdAt ?? .distantPast, current: token.id == current)
        }.sorted { ($0.lastUsedAt, $0.createdAt) > ($1.lastUsedAt, $1.createdAt) }
    }

    /// Ends one session; ending the current one signs this device out.
    package func end(_ id: UUID) async throws {
        let user = try context.currentUser()
        let token = try await UserToken.find(id, on: db)
        guard let token, !token.isAppToken,
            AccountAccess.decide(isOwner: token.$user.id == (try user.requireID()), signedIn: true) == .allow
        else { throw Self.sessionNotFound }
        try await token.delete(on: db)
    }

    /// "Sign out everywhere else": every session but this one ends.
    package func endOthers() async throws {
        try await Self.endSessions(of: try context.currentUser(), except: context.token?.id, on: db)
    }

    /// Checks the current password, sets the new one, and ends every other session.
    package func changePassword(current: String?, new: String?) async throws {
        let user = try context.currentUser()
        try await Self.requirePassword(current, of: user, context)
        do {
            try AccountService.validatePassword(new ?? "")
        } catch let error as ValidationError {
            throw ValidationError(field: "newPassword", error.message)
        }
        let hash = try await context.hasher.hash(new ?? "")
        let keep = context.token?.id
        try await db.writeTransaction { db in
            user.passwordHash = hash
            try await user.save(on: db)
            try await Self.endSessions(of: user, except: keep, on: db)
        }
    }

    /// Ends sessions, not app tokens: those are revoked one by one on their own page (an app keeps
    /// working after a password change, as with Nextcloud's app passwords).
    package static func endSessions(of user: User, except keep: UUID?, on db: any Database) async throws {
        var query = UserToken.query(on: db).filter(\.$user.$id == (try user.requireID())).filter(\.$kind == nil)
        if let keep { query = query.filter(\.$id != keep) }
        try await query.delete()
    }

    /// A change that needs the reader's current password (a new password or email): a missing or
    /// wrong one is refused on the field `currentPassword` (counted like a wrong sign-in).
    package static func requirePassword(_ password: String?, of user: User, _ context: AccountContext) async throws {
        guard !user.passwordHash.isEmpty else {
            throw ValidationError(
                field: "currentPassword",
                "this account has no password yet (it signs in with Apple or Google); “Forgot your password?” sets one")
        }
        guard let password, !password.isEmpty else {
            throw ValidationError(field: "currentPassword", "enter your current password to change this")
        }
        let throttle = context.throttle
        let now = context.now.timeIntervalSince1970
        try await throttle.check(account: user.emailKey, address: context.clientAddress, now: now, on: context.plainDB)
        guard try await context.hasher.verify(password, against: user.passwordHash) else {
            try await throttle.failed(account: user.emailKey, address: context.clientAddress, now: now, on: context.plainDB)
            throw ValidationError(field: "currentPassword", "is not your current password")
        }
    }

    package init(context: AccountContext) {
        self.context = context
    }
}
