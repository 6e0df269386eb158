import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime

/// A client for a Dogear server: the generated `Client` (every route of openapi.yaml, in
/// `Generated/`) on AsyncHTTPClient, signed in with a bearer token.
extension Client {
    public static func dogear(server: URL, token: String?) -> Client {
        Client(
            serverURL: server, transport: AsyncHTTPClientTransport(),
            middlewares: token.map { [BearerToken(token: $0)] } ?? [])
    }
}

/// Sends `Authorization: Bearer <token>` with every request.
public struct BearerToken: ClientMiddleware {
    let token: String

    public init(token: String) {
        self.token = token
    }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}
