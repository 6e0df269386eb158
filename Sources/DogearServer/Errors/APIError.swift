import DogearCore
import DogearStore
import Vapor

/// The one error shape of the API on the wire: `{"error": {"code", "message", "field"?}}` with a
/// stable code and the right HTTP status. Only `APIErrorMiddleware` makes these, from whatever was
/// thrown; services throw `DomainError`.
struct APIError: Error, Sendable {
    let status: HTTPResponseStatus
    let code: ErrorCode
    let message: String
    var field: String?
    /// Extra facts a client can act on, such as the id of the entry a 409 collided with.
    var details: [String: String] = [:]
    /// For `bookNotFound` after a lookup: what each online source said.
    var sources: [SourceAttemptDTO]?
    /// Seconds to wait, sent as `Retry-After` (a 429).
    var retryAfterSeconds: Int?
    /// With `versionConflict` (412): the object as it is now, with its version.
    var current: SyncChangeDTO?

    static func invalidData(_ error: ValidationError) -> APIError {
        APIError(status: .unprocessableEntity, code: .invalidData, message: error.message, field: error.field)
    }

    static func badRequest(_ message: String, field: String? = nil) -> APIError {
        APIError(status: .badRequest, code: .invalidData, message: message, field: field)
    }
}

/// The JSON body of every error response.
struct ErrorBody: Content {
    struct Detail: Content {
        let code: String
        let message: String
        let field: String?
        let entryId: String?
        let sources: [SourceAttemptDTO]?
        /// With `linkNeedsPassword`: what `POST /api/v1/auth/link` takes with the account's password.
        var linkToken: String? = nil
    }
    let error: Detail
    /// With `versionConflict` (412): the object as it is now (a tombstone if it was deleted).
    var current: SyncChangeDTO? = nil
}

/// A write's `If-Match` named a version the object is no longer at: the service's error, with the
/// object as it is now for the app to merge with (`Request.conditionalWrite` loads it).
struct VersionConflict: Error, Sendable {
    let error: DomainError
    let current: SyncChangeDTO?
}
