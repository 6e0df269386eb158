import DogearStore
import Vapor

/// What `POST /api/v1/batch` answers: one result per operation, in order.
struct BatchDTO: Content {
    let atomic: Bool
    /// False only for an atomic batch that stopped at a failure and rolled everything back.
    let committed: Bool
    /// The operation that failed and stopped an atomic batch.
    var failedIndex: Int?
    let results: [BatchResultDTO]
}

/// One operation's answer, as the single route would have given it.
struct BatchResultDTO: Content {
    let status: Int
    /// `applied` (2xx), `failed` (4xx/5xx), or `rolledBack`: applied, then undone with its atomic batch.
    var outcome: String
    /// `ETag`, `Location` and `Idempotent-Replayed`, when the route sent them.
    let headers: [String: String]
    var body: JSONValue?
}
