import DogearCore
import DogearStore
import FluentKit
import Foundation

/// Tokens a reader makes for apps and scripts: named, scoped (`read`, or `read write`), optionally
/// expiring, shown once when made (only a hash is kept), revocable. Another reader's token is 404.
package struct AppTokenService {
    package let context: AccountContext
    package var db: any Database { context.db }

    package static let tokenNotFound = DomainError.notFound(.tokenNotFound, "no such token")

    package func tokens() async throws -> [AppTokenRecord] {
        try await UserToken.query(on: db).filter(\.$user.$id == context.currentUser().requireID()).filter(\.$kind == "app")
            .sort(\.$createdAt, .descending).all().map { try AppTokenRecord($0, secret: nil) }
    }

    /// The new token, with its secret this once.
    package func create(name: String?, scopes: [String]?, expiresInDays: Int?) async throws -> AppTokenRecord {
        let name = try Validate.text(name ?? "", field: "name", length: 1...Limits.shortTextMaxLength)
        let scopes = try TokenScope.parse(scopes)
        if let days = expiresInDays { _ = try Validate.number(days, field: "expiresInDays", in: 1...3_650) }
        if try await UserToken.query(on: db).filter(\.$user.$id == context.currentUser().requireID()).filter(\.$kind == "app")
            .count()
            >= Limits.appTokensPerReader
        {
            throw DomainError(
                .unprocessable, code: .tooManyTokens, "a reader can have at most \(Limits.appTokensPerReader) app tokens")
        }
        let secret = TokenHashing.newToken()
        let token = UserToken(userID: try context.currentUser().requireID(), tokenHash: TokenHashing.hash(secret))
        token.kind = "app"
        token.name = name
        token.scopes = TokenScope.allCases.filter(scopes.contains).map(\.rawValue).joined(separator: " ")
        token.expiresAt = expiresInDays.map { context.now.addingTimeInterval(Double($0) * 86_400) }
        try await token.create(on: db)
        return try AppTokenRecord(token, secret: secret)
    }

    package func revoke(_ id: UUID) async throws {
        let token = try await UserToken.find(id, on: db)
        guard let token, token.isAppToken,
            AccountAccess.decide(isOwner: token.$user.id == (try context.currentUser().requireID()), signedIn: true) == .allow
        else { throw Self.tokenNotFound }
        try await token.delete(on: db)
    }

    package init(context: AccountContext) {
        self.context = context
    }
}

extension Limits {
    public static let appTokensPerReader = 50
}
