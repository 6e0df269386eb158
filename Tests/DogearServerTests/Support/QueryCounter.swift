import Foundation
import Logging
import Vapor

/// Counts the SQL statements requests run. Fluent logs each statement to the request's logger, so a
/// middleware gives every request a logger that records them.
final class QueryCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var statements: [String] = []

    func record(_ statement: String) {
        lock.withLock { statements.append(statement) }
    }

    func reset() { lock.withLock { statements.removeAll() } }

    var recorded: [String] { lock.withLock { statements } }
    var count: Int { recorded.count }

    var middleware: some AsyncMiddleware { Middleware(counter: self) }

    private struct Middleware: AsyncMiddleware {
        let counter: QueryCounter
        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            request.logger = Logger(label: "dogear.test.sql") { _ in Handler(counter: counter) }
            return try await next.respond(to: request)
        }
    }

    private struct Handler: LogHandler {
        let counter: QueryCounter
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            // SQLiteKit and PostgresKit both log "Executing query" with the statement in metadata.
            if case .string(let sql)? = event.metadata?["sql"] { counter.record(sql) }
        }
    }
}
