import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// Sign in with Apple or Google, for the API and the pages alike.
///
/// 1. The page (or the app) gets a nonce from Dogear and hands it to the provider's sign-in.
/// 2. The provider's ID token comes back; `IDTokenVerifier` checks its signature and claims, the
///    nonce among them (as given, or its SHA-256 in hex, which is what Apple's apps put in).
/// 3. Core's `IdentityLinking` decides: an identity already linked opens its account; a new one
///    whose verified email is an account's waits for that account's password (a pending link,
///    `POST /api/v1/auth/link` or `/auth/link/{token}`); otherwise a new account is made, with no
///    password (a reset link gives it one).
///
/// The nonce is used up when the sign-in ends (signed in, or handed to a pending link), so a token
/// cannot be played twice.
package struct ExternalSignInService {
    package let context: AccountContext
    package var db: any Database { context.db }
    package var now: Date { context.now }

    package init(context: AccountContext) {
        self.context = context
    }

    package static let nonceLifetime: TimeInterval = 10 * 60
    package static let linkLifetime: TimeInterval = 15 * 60
    package static let linkNotFound = DomainError.notFound(
        .linkNotFound, "this sign-in link has expired; sign in with Apple or Google again")

    package enum Outcome: Sendable {
        case signedIn(AuthRecord, created: Bool)
        /// The nonce was the delete-account page's, and the token proved it was the reader: the account is gone.
        case deleted
        /// The token's email is an existing account's: its password links the identity.
        case needsPassword(email: String, linkToken: String)
    }

    package func provider(_ name: IdentityProvider.Name) throws -> IdentityProvider {
        guard let provider = context.externalSignIn.providers.first(where: { $0.name == name }) else {
            throw DomainError.notFound(.providerNotConfigured, "Sign in with \(name.label) is not set up on this server")
        }
        return provider
    }

    /// A nonce for one sign-in, valid for ten minutes; `deleting` makes it the delete-account page's
    /// for that account. Expired ones are swept as new ones are made.
    package func issueNonce(deleting user: User? = nil) async throws -> (nonce: String, expiresAt: Date) {
        let nonce = TokenHashing.newToken()
        let expiresAt = now.addingTimeInterval(Self.nonceLifetime)
        let row = SignInNonce(nonceHash: TokenHashing.hash(nonce), expiresAt: expiresAt)
        if let user {
            row.$user.id = try user.requireID()
            row.purpose = .deleteAccount
        }
        let cutoff = now
        try await db.writeTransaction { db in
            try await SignInNonce.query(on: db).filter(\.$expiresAt <= cutoff).delete()
            try await row.create(on: db)
        }
        return (nonce, expiresAt)
    }

    package func signIn(_ name: IdentityProvider.Name, idToken: String, nonce: String) async throws -> Outcome {
        let provider = try provider(name)
        let nonceHash = TokenHashing.hash(nonce)
        guard !nonce.isEmpty,
            let issued = try await SignInNonce.query(on: db).filter(\.$nonceHash == nonceHash).filter(\.$expiresAt > now)
                .first()
        else {
            throw DomainError.invalidIDToken("this sign-in's nonce is unknown or has expired; start again")
        }
        if issued.purpose == .deleteAccount, let userID = issued.$user.id {
            guard let user = try await User.find(userID, on: db) else { throw DomainError.notAuthenticated }
            try await reauthenticate(user, ProviderReauthentication(provider: name, idToken: idToken, nonce: nonce))
            try await AccountDeletion(db: db, clubEvents: context.clubEvents, now: now).delete(user)
            return .deleted
        }
        let token = try await context.externalSignIn.verifier.identity(
            in: idToken, provider: provider, nonces: Self.forms(of: nonce), now: now)
        let email = token.email ?? ""
        let linked = try await Identity.query(on: db).filter(\.$provider == name).filter(\.$subject == token.subject)
            .first()
        let owner = try await User.query(on: db).filter(\.$emailKey == email.lowercased()).first()
        let decision = IdentityLinking.decide(
            linkedAccount: linked?.$user.id, accountWithEmail: try owner?.requireID(), passwordMatches: nil)
        let subject = token.subject
        switch decision {
        case .signIn(let userID):
            return try await db.writeTransaction { db in
                try await Self.useNonce(nonceHash, on: db)
                guard let user = try await User.find(userID, on: db) else { throw DomainError.notAuthenticated }
                return .signedIn(try await AccountService(context: context).issueToken(for: user, on: db), created: false)
            }
        case .createAccount:
            let user = User(email: email, passwordHash: "", displayName: Self.displayName(token.name, email: email))
            return try await WritePipeline(db: db, now: now, clubEvents: nil).run { db, changes in
                try await Self.useNonce(nonceHash, on: db)
                try await user.create(on: db)
                changes.changed(.profile, try user.requireID(), of: try user.requireID())
                try await Identity(userID: try user.requireID(), provider: name, subject: subject, email: email).create(on: db)
                return .signedIn(try await AccountService(context: context).issueToken(for: user, on: db), created: true)
            }
        case .needsPassword(let userID):
            let linkToken = TokenHashing.newToken()
            let link = AccountLink(
                userID: userID, purpose: .identityLink, tokenHash: TokenHashing.hash(linkToken),
                expiresAt: now.addingTimeInterval(Self.linkLifetime))
            link.provider = name
            link.subject = subject
            try await db.writeTransaction { db in
                try await Self.useNonce(nonceHash, on: db)
                try await link.create(on: db)
            }
            return .needsPassword(email: owner?.email ?? email, linkToken: linkToken)
        case .linkThenSignIn, .wrongPassword:
            // A password is only ever given to a pending link (`completeLink`).
            throw DomainError.notAuthenticated
        }
    }

    /// Signing in again with a provider to confirm it is the reader (to delete an account that has
    /// no password): the token must be good and its subject linked to this account.
    package func reauthenticate(_ user: User, _ proof: ProviderReauthentication) async throws {
        let provider = try provider(proof.provider)
        let nonceHash = TokenHashing.hash(proof.nonce)
        let token = try await context.externalSignIn.verifier.identity(
            in: proof.idToken, provider: provider, nonces: Self.forms(of: proof.nonce), now: now)
        let linked = try await Identity.query(on: db).filter(\.$provider == proof.provider)
            .filter(\.$subject == token.subject).filter(\.$user.$id == user.requireID()).first()
        guard linked != nil else {
            throw DomainError(
                .forbidden, code: .notYourIdentity, "that \(provider.name.label) account is not linked to this one")
        }
        try await db.writeTransaction { db in try await Self.useNonce(nonceHash, on: db) }
    }

    /// The providers linked to this account.
    package func linkedProviders(of user: User) async throws -> [IdentityProvider.Name] {
        try await Identity.query(on: db).filter(\.$user.$id == user.requireID()).all().map(\.provider)
    }

    /// A pending link's account and provider, while it works.
    package func pendingLink(_ linkToken: String) async throws -> (link: AccountLink, user: User) {
        guard !linkToken.isEmpty,
            let link = try await AccountLink.query(on: db).filter(\.$tokenHash == TokenHashing.hash(linkToken))
                .filter(\.$purpose == .identityLink).with(\.$user).first(),
            link.expiresAt > now, link.provider != nil, link.subject != nil
        else { throw Self.linkNotFound }
        return (link, link.user)
    }

    /// Links the pending identity once the account's password is given, and signs in.
    package func completeLink(_ linkToken: String, password: String?) async throws -> AuthRecord {
        let (link, user) = try await pendingLink(linkToken)
        try await SessionService.requirePassword(password, of: user, context)
        guard let provider = link.provider, let subject = link.subject else { throw Self.linkNotFound }
        let tokenHash = link.tokenHash
        return try await db.writeTransaction { db in
            let used = try await db.sql.raw("DELETE FROM account_links WHERE token_hash = \(bind: tokenHash) RETURNING id").all()
            guard used.count == 1 else { throw Self.linkNotFound }
            try await Identity(userID: try user.requireID(), provider: provider, subject: subject, email: user.email)
                .create(on: db)
            return try await AccountService(context: context).issueToken(for: user, on: db)
        }
    }

    /// A nonce as a token may carry it: as issued, or its SHA-256 in hex (Apple's apps hash it),
    /// which is `TokenHashing.hash`'s form.
    package static func forms(of nonce: String) -> [String] {
        [nonce, TokenHashing.hash(nonce)]
    }

    private static func useNonce(_ hash: String, on db: any Database) async throws {
        let used = try await db.sql.raw("DELETE FROM sign_in_nonces WHERE nonce_hash = \(bind: hash) RETURNING id").all()
        guard used.count == 1 else { throw DomainError.invalidIDToken("this sign-in's nonce was already used; start again") }
    }

    /// The name the provider gave, else the email's part before the @.
    package static func displayName(_ name: String?, email: String) -> String {
        let given = (name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let fallback = String(email.split(separator: "@").first ?? "Reader")
        return String((given.isEmpty ? fallback : given).prefix(Limits.displayNameLength.upperBound))
    }
}
