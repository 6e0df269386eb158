import DogearServices
import DogearStore
import Vapor

/// What `POST /api/v1/batch` answers: one result per operation, in order.
package struct BatchDTO: Content {
    package let atomic: Bool
    /// False only for an atomic batch that stopped at a failure and rolled everything back.
    package let committed: Bool
    /// The operation that failed and stopped an atomic batch.
    package var failedIndex: Int?
    package let results: [BatchResultDTO]
}

/// One operation's answer, as the single route would have given it.
package struct BatchResultDTO: Content {
    package let status: Int
    /// `applied` (2xx), `failed` (4xx/5xx), or `rolledBack`: applied, then undone with its atomic batch.
    package var outcome: String
    /// `ETag`, `Location` and `Idempotent-Replayed`, when the route sent them.
    package let headers: [String: String]
    package var body: JSONValue?
}
