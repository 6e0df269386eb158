import Foundation
import Vapor

/// A real HTTP server on 127.0.0.1 and a free port that replays recorded answers, so source clients
/// are tested over real sockets. It counts every request, so a test can show that a cached lookup
/// made none.
public final class StubServer: @unchecked Sendable {
    public struct Reply: Sendable {
        public var status: Int
        public var body: Data
        public var delay: Duration?
        public var location: String?
        /// More headers (a `Cache-Control`, say).
        public var headers: [String: String]

        public init(
            status: Int = 200, body: Data, delay: Duration? = nil, location: String? = nil, headers: [String: String] = [:]
        ) {
            self.status = status
            self.body = body
            self.delay = delay
            self.location = location
            self.headers = headers
        }
    }

    private struct Route {
        let path: String
        let queryContains: String?
        let reply: Reply
    }

    private let lock = NSLock()
    private var routes: [Route] = []
    private var seen: [String] = []
    private let app: Application
    public private(set) var baseURL = ""

    private init(app: Application) {
        self.app = app
    }

    public static func start() async throws -> StubServer {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .error
        let server = StubServer(app: app)
        app.get(.catchall) { request async throws -> Response in
            try await server.answer(request)
        }
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = app.http.server.shared.localAddress?.port else {
            throw Abort(.internalServerError, reason: "stub server has no port")
        }
        server.baseURL = "http://127.0.0.1:\(port)"
        return server
    }

    public func shutdown() async {
        await app.server.shutdown()
        try? await app.asyncShutdown()
    }

    /// Answers GET `path` (and, if given, only when the query contains `queryContains`).
    public func stub(_ path: String, queryContains: String? = nil, _ reply: Reply) {
        lock.withLock { routes.append(Route(path: path, queryContains: queryContains, reply: reply)) }
    }

    public func stub(_ path: String, queryContains: String? = nil, status: Int = 200, json: String, delay: Duration? = nil) {
        stub(path, queryContains: queryContains, Reply(status: status, body: Data(json.utf8), delay: delay))
    }

    public func stub(_ path: String, queryContains: String? = nil, status: Int = 200, data: Data, delay: Duration? = nil) {
        stub(path, queryContains: queryContains, Reply(status: status, body: data, delay: delay))
    }

    public func redirect(_ path: String, to location: String) {
        stub(path, Reply(status: 302, body: Data(), location: location))
    }

    /// Every request so far, as `path?query`.
    public var requests: [String] { lock.withLock { seen } }
    public var requestCount: Int { requests.count }
    public func resetCount() { lock.withLock { seen.removeAll() } }

    private func answer(_ request: Request) async throws -> Response {
        let path = request.url.path
        let query = request.url.query ?? ""
        let route: Route? = lock.withLock {
            seen.append(query.isEmpty ? path : "\(path)?\(query)")
            let decodedQuery = query.removingPercentEncoding ?? query
            return routes.last { route in
                route.path == path && (route.queryContains.map { decodedQuery.contains($0) || query.contains($0) } ?? true)
            }
        }
        guard let route else {
            return Response(status: .notFound, body: .init(string: #"{"error":"notfound"}"#))
        }
        if let delay = route.reply.delay { try await Task.sleep(for: delay) }
        let response = Response(status: HTTPResponseStatus(statusCode: route.reply.status), body: .init(data: route.reply.body))
        response.headers.contentType = .json
        if let location = route.reply.location { response.headers.replaceOrAdd(name: .location, value: location) }
        for (name, value) in route.reply.headers { response.headers.replaceOrAdd(name: name, value: value) }
        return response
    }
}
