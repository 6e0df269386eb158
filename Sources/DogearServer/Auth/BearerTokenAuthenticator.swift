import Fluent
import Vapor

/// Finds the user behind `Authorization: Bearer <token>` by the token's SHA-256, in one query.
struct BearerTokenAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        let hash = TokenHashing.hash(bearer.token)
        guard
            let token = try await UserToken.query(on: request.db)
                .filter(\.$tokenHash == hash)
                .with(\.$user)
                .first()
        else { return }
        request.auth.login(token)
        request.auth.login(token.user)
    }
}

extension User: Authenticatable {}
extension UserToken: Authenticatable {}

/// Bearer tokens: 32 random bytes, base64url; only a hash is ever stored.
enum TokenHashing {
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

/// Refuses a request with no signed-in user, in the API's error shape.
struct RequireUserMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.auth.has(User.self) else { throw DomainError.notAuthenticated }
        return try await next.respond(to: request)
    }
}

extension Request {
    /// The signed-in user; routes behind `RequireUserMiddleware` always have one.
    func currentUser() throws -> User {
        guard let user = auth.get(User.self) else { throw DomainError.notAuthenticated }
        return user
    }

    func currentUserID() throws -> UUID {
        try currentUser().requireID()
    }

    /// A UUID path parameter; a malformed one is a 400 naming the parameter.
    func uuidParameter(_ name: String) throws -> UUID {
        guard let raw = parameters.get(name) else { throw DomainError.badRequest("missing \(name)", field: name) }
        guard let id = UUID(uuidString: raw) else {
            throw DomainError.badRequest("'\(raw)' is not a valid id (a UUID)", field: name)
        }
        return id
    }
}
