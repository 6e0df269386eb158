import DogearCore
import DogearServices
import DogearStore
import Fluent
import Vapor

/// Finds the user behind `Authorization: Bearer <token>` by the token's SHA-256, in one query.
package struct BearerTokenAuthenticator: AsyncBearerAuthenticator {
    package func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        // An operation of a batch comes signed in as its batch (and may not reach the database
        // outside the batch's transaction to look the token up again).
        guard !request.auth.has(UserToken.self) else { return }
        try await SessionTokens.signIn(request, with: bearer.token)
    }

    package init() {
    }
}

/// The one way a token (bearer or cookie) signs a request in: found by its hash, ended when it
/// has run out (`SessionLifetime`: idle or absolute; the row is deleted), its use recorded at most
/// once a minute.
package enum SessionTokens {
    /// `sessionsOnly`: for the browser's cookie, which an app's token may not stand in for.
    package static func signIn(_ request: Request, with value: String, sessionsOnly: Bool = false) async throws {
        // The token and its user in one plain statement: every signed-in request pays for this.
        guard let token = try await TokenSignIn.find(hash: TokenHashing.hash(value), on: request.db) else { return }
        if sessionsOnly, token.isAppToken { return }
        let now = request.application.clock.now()
        var lifetime = request.application.sessionLifetime
        if token.isAppToken {
            // An app's token lasts until its own expiry (if any) or until revoked, however rarely used.
            if let expiresAt = token.expiresAt, expiresAt <= now {
                try await request.db.writeTransaction { db in try await token.delete(on: db) }
                return
            }
            lifetime = SessionLifetime(
                idle: .infinity, absolute: .infinity, touchEvery: lifetime.touchEvery, recordsFirstUse: true)
        }
        let verdict = lifetime.verdict(
            createdAt: (token.createdAt ?? now).timeIntervalSince1970, lastUsedAt: token.lastUsedAt?.timeIntervalSince1970,
            now: now.timeIntervalSince1970)
        switch verdict {
        case .ended:
            try await request.db.writeTransaction { db in try await token.delete(on: db) }
            return
        case .alive(let touch):
            if touch {
                // Through the writers' line like every write: on SQLite a write from a reading
                // connection would wait on the write lock inside SQLite, holding one of the two
                // threads every statement runs on, and two such waits starved the write groups
                // (503s under `scripts/load-mixed.sh`).
                token.lastUsedAt = now
                try await request.db.writeTransaction { db in try await token.save(on: db) }
                request.storage[SessionTouchedKey.self] = true
            }
        }
        request.auth.login(token)
        request.auth.login(token.user)
    }

    /// Whether this request recorded a use of its session (a cookie then slides).
    package static func touched(_ request: Request) -> Bool { request.storage[SessionTouchedKey.self] ?? false }
}

private struct SessionTouchedKey: StorageKey { typealias Value = Bool }

extension Application {
    private struct SessionLifetimeKey: StorageKey { typealias Value = SessionLifetime }

    package var sessionLifetime: SessionLifetime {
        get { storage[SessionLifetimeKey.self] ?? SessionLifetime(idle: 30 * 86_400, absolute: 365 * 86_400) }
        set { storage[SessionLifetimeKey.self] = newValue }
    }
}

extension User: Authenticatable {}
extension UserToken: Authenticatable {}

/// Holds an app token to its scopes (Core's `TokenScope`): a `read` token only reads, and no app
/// token manages the account (`managesAccount` routes). Sessions pass.
package struct TokenScopeMiddleware: AsyncMiddleware {
    package let managesAccount: Bool

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let scopes = request.tokenScopes
        let isRead = request.method == .GET || request.method == .HEAD
        guard TokenScope.decide(scopes: scopes, isRead: isRead, managesAccount: managesAccount) == .allow else {
            throw DomainError(
                .forbidden, code: .insufficientScope,
                managesAccount
                    ? "an app's token cannot manage the account; sign in to do this"
                    : "this token may only read; make one with the write scope to change things")
        }
        return try await next.respond(to: request)
    }
}

/// Refuses a request with no signed-in user, in the API's error shape.
package struct RequireUserMiddleware: AsyncMiddleware {
    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.auth.has(User.self) else { throw DomainError.notAuthenticated }
        return try await next.respond(to: request)
    }

    package init() {
    }
}

extension Request {
    /// The signed-in user; routes behind `RequireUserMiddleware` always have one.
    package func currentUser() throws -> User {
        guard let user = auth.get(User.self) else { throw DomainError.notAuthenticated }
        return user
    }

    package func currentUserID() throws -> UUID {
        try currentUser().requireID()
    }

}
