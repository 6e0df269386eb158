import DogearServices
import DogearStore
import Foundation
import Logging
import Vapor

/// One log line per request: its id (the client's `X-Request-Id` when it is a sane one, else a new
/// one; sent back on the answer), method, route pattern, status and time. Only the route pattern is
/// logged, never the path or query: a reset link's token or an id must not land in a log, and no
/// header, body, password, token or hash is ever logged.
package struct RequestLogMiddleware: AsyncMiddleware {
    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let id = Self.requestID(request.headers.first(name: "X-Request-Id"))
        request.logger[metadataKey: "request-id"] = .string(id)
        let started = ContinuousClock.now
        var status = 500
        defer {
            let elapsed = ContinuousClock.now - started
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            var logger = request.application.logger
            logger[metadataKey: "request-id"] = .string(id)
            logger.log(
                level: status >= 500 ? .error : .info, "request",
                metadata: [
                    "method": .string(request.method.rawValue), "route": .string(RoutePattern.of(request)),
                    "status": .stringConvertible(status), "ms": .string(String(format: "%.1f", milliseconds)),
                ])
        }
        let response = try await next.respond(to: request)
        status = Int(response.status.code)
        response.headers.replaceOrAdd(name: "X-Request-Id", value: id)
        return response
    }

    /// Letters, digits and `-_.`, up to 64 characters; anything else is replaced by a new id.
    package static func requestID(_ given: String?) -> String {
        if let given, (1...64).contains(given.count),
            given.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
        {
            return given
        }
        return UUID.timeOrdered().uuidString.lowercased()
    }
}
