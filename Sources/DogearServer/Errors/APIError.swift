import DogearCore
import DogearServices
import DogearStore
import Vapor

/// The one error shape of the API on the wire: `{"error": {"code", "message", "field"?}}` with a
/// stable code and the right HTTP status. Only `APIErrorMiddleware` makes these, from whatever was
/// thrown; services throw `DomainError`.
package struct APIError: Error, Sendable {
    package let status: HTTPResponseStatus
    package let code: ErrorCode
    package let message: String
    package var field: String?
    /// Extra facts a client can act on, such as the id of the entry a 409 collided with.
    package var details: [String: String] = [:]
    /// For `bookNotFound` after a lookup: what each online source said.
    package var sources: [SourceAttemptDTO]?
    /// Seconds to wait, sent as `Retry-After` (a 429).
    package var retryAfterSeconds: Int?
    /// With `versionConflict` (412): the object as it is now, with its version.
    package var current: SyncChangeDTO?

    package static func invalidData(_ error: ValidationError) -> APIError {
        APIError(status: .unprocessableEntity, code: .invalidData, message: error.message, field: error.field)
    }

    package static func badRequest(_ message: String, field: String? = nil) -> APIError {
        APIError(status: .badRequest, code: .invalidData, message: message, field: field)
    }
}

/// The JSON body of every error response.
package struct ErrorBody: Content {
    package struct Detail: Content {
        package let code: String
        package let message: String
        package let field: String?
        package let entryId: String?
        package let sources: [SourceAttemptDTO]?
        /// With `linkNeedsPassword`: what `POST /api/v1/auth/link` takes with the account's password.
        package var linkToken: String? = nil
    }
    package let error: Detail
    /// With `versionConflict` (412): the object as it is now (a tombstone if it was deleted).
    package var current: SyncChangeDTO? = nil
}

/// A write's `If-Match` named a version the object is no longer at: the service's error, with the
/// object as it is now for the app to merge with (`Request.conditionalWrite` loads it).
package struct VersionConflict: Error, Sendable {
    package let error: DomainError
    package let current: SyncChangeDTO?
}
