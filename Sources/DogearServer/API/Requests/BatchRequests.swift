import DogearCore
import DogearServices
import DogearStore
import Vapor

/// What `POST /api/v1/batch` accepts: up to 100 operations, each the method, path and body of a
/// single route, with its own `If-Match` and `Idempotency-Key` if it wants them.
package struct BatchRequest: Decodable, Sendable {
    package struct Operation: Decodable, Sendable {
        package var method: String?
        package var path: String?
        package var body: JSONValue?
        package var headers: [String: String]?
    }

    package var atomic: Bool?
    package var operations: [Operation]?

    package static let maximum = 100
    /// The headers an operation may set; the rest (the token above all) are the batch's own.
    package static let operationHeaders: Set<String> = ["if-match", "idempotency-key"]
    package static let methods: [String: HTTPMethod] = ["POST": .POST, "PATCH": .PATCH, "PUT": .PUT, "DELETE": .DELETE]

    /// Checks the batch's shape before anything runs: every operation names a write, a route of
    /// the API that a batch may hold (`router`: resolved as the app's router reads the path), and
    /// only headers it may set. Each operation comes back with its path in the router's own form.
    package func validated(against router: BatchRouter) throws -> (
        atomic: Bool, operations: [(method: HTTPMethod, path: String, body: JSONValue?, headers: [String: String])]
    ) {
        guard let operations, !operations.isEmpty else { throw ValidationError(field: "operations", "give 1 to 100 operations") }
        guard operations.count <= Self.maximum else {
            throw ValidationError(field: "operations", "at most \(Self.maximum) operations a batch; got \(operations.count)")
        }
        return (
            atomic ?? false,
            try operations.enumerated().map { index, operation in
                let field = "operations[\(index)]"
                guard let name = operation.method?.uppercased(), let method = Self.methods[name] else {
                    throw ValidationError(field: "\(field).method", "must be POST, PATCH, PUT or DELETE")
                }
                guard let given = operation.path, let path = router.resolve(method, given) else {
                    throw ValidationError(field: "\(field).path", Self.refusal(method, operation.path))
                }
                let headers = operation.headers ?? [:]
                if let other = headers.keys.first(where: { !Self.operationHeaders.contains($0.lowercased()) }) {
                    throw ValidationError(field: "\(field).headers", "may set If-Match and Idempotency-Key only; got \(other)")
                }
                return (method, path, operation.body, headers)
            }
        )
    }

    /// Why a path was refused, in words: a batch inside a batch is named as such.
    private static func refusal(_ method: HTTPMethod, _ path: String?) -> String {
        let segments = URI(string: path ?? "").path.split(separator: "/")
        if segments.last == "batch" {
            return "a batch cannot hold another batch"
        }
        return "\(method) \(path ?? "(none)") is not a write a batch may hold: the reader's books, notes, lists, clubs, "
            + "goals and scans may be; signing in, the account, tokens, sessions, imports, exports, sync and batches may not"
    }
}

/// Any JSON value, passed through as it came (an operation's body, a result's body).
package enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
