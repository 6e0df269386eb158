import DogearCore
import DogearServices
import DogearStore
import FluentKit
import Vapor

/// Turns every error into the API's error shape. Decoding errors become 400 with the field path,
/// rule violations 422 with their field, and anything unexpected a logged 500 that reveals nothing.
package struct APIErrorMiddleware: AsyncMiddleware {
    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            return try Self.response(for: error, to: request)
        }
    }

    /// The error's answer, as every API error is answered (also what an `Idempotency-Key` stores).
    package static func response(for error: any Error, to request: Request) throws -> Response {
        let apiError = translate(error)
        if apiError.status == .internalServerError {
            request.logger.report(error: error)
        }
        let body = ErrorBody(
            error: .init(
                code: apiError.code.rawValue, message: apiError.message,
                field: apiError.field, entryId: apiError.details["entryId"],
                sources: apiError.sources, linkToken: apiError.details["linkToken"]),
            current: apiError.current)
        let response = Response(status: apiError.status)
        try response.content.encode(body, as: .json)
        if apiError.status == .unauthorized {
            response.headers.replaceOrAdd(name: .wwwAuthenticate, value: "Bearer")
        }
        if let seconds = apiError.retryAfterSeconds {
            response.headers.replaceOrAdd(name: .retryAfter, value: String(seconds))
        }
        if let version = apiError.current?.version, apiError.current?.deletedAt == nil {
            response.headers.replaceOrAdd(name: .eTag, value: IfMatch.etag(version))
        }
        return response
    }

    package static func translate(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let conflict as VersionConflict:
            var answer = translate(conflict.error)
            answer.current = conflict.current
            return answer
        case let error as DomainError:
            return APIError(
                status: status(for: error.kind), code: error.code, message: error.message, field: error.field,
                details: error.details,
                sources: error.sourceAttempts.isEmpty
                    ? nil : error.sourceAttempts.map { SourceAttemptDTO(SourceAttemptRecord($0)) },
                retryAfterSeconds: error.retryAfterSeconds)
        case let error as ValidationError:
            return .invalidData(error)
        case let error as DecodingError:
            return translate(decoding: error)
        case let error as any DatabaseError where error.isConstraintFailure:
            // Two requests raced to create the same thing (an entry, a tag, an email); the
            // transaction rolled back, so the loser changed nothing.
            return APIError(
                status: .conflict, code: .conflict,
                message: "this was just created by another request; reload and try again")
        case let error as any AbortError:
            return APIError(status: error.status, code: code(for: error.status), message: error.reason)
        default:
            return APIError(
                status: .internalServerError, code: .internalError,
                message: "something went wrong on the server; nothing was changed")
        }
    }

    /// The HTTP status of each kind of domain error: the API's one mapping table.
    package static func status(for kind: DomainError.Kind) -> HTTPResponseStatus {
        switch kind {
        case .notFound: return .notFound
        case .badRequest: return .badRequest
        case .unprocessable: return .unprocessableEntity
        case .conflict: return .conflict
        case .notAuthenticated: return .unauthorized
        case .forbidden: return .forbidden
        case .premiumRequired: return .forbidden
        case .tooLarge: return .payloadTooLarge
        case .storageFailed: return .internalServerError
        case .tooManyRequests: return .tooManyRequests
        case .unavailable: return .serviceUnavailable
        case .insufficientStorage: return .insufficientStorage
        case .preconditionFailed: return .preconditionFailed
        case .gone: return .gone
        }
    }

    package static func translate(decoding error: DecodingError) -> APIError {
        func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String? {
            var parts: [String] = []
            for key in codingPath + (last.map { [$0] } ?? []) {
                if let index = key.intValue {
                    parts.append("[\(index)]")
                } else {
                    parts.append(parts.isEmpty ? key.stringValue : ".\(key.stringValue)")
                }
            }
            let joined = parts.joined()
            return joined.isEmpty ? nil : joined
        }
        switch error {
        case .typeMismatch(let type, let context):
            return .badRequest("expected \(describe(type))", field: path(context.codingPath))
        case .valueNotFound(let type, let context):
            return .badRequest("expected \(describe(type)), got null", field: path(context.codingPath))
        case .keyNotFound(let key, let context):
            return .badRequest("is required", field: path(context.codingPath, key))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return .badRequest("the request body is not valid JSON")
            }
            return .badRequest(context.debugDescription, field: path(context.codingPath))
        @unknown default:
            return .badRequest("the request body could not be read")
        }
    }

    package static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Int64.Type: return "a whole number"
        case is Double.Type, is Float.Type: return "a number"
        case is Bool.Type: return "true or false"
        case is UUID.Type: return "a UUID"
        case is [Any].Type: return "a list"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "an object"
        }
    }

    package static func code(for status: HTTPResponseStatus) -> ErrorCode {
        switch status.code {
        case 400: return .invalidData
        case 401: return .notAuthenticated
        case 403: return .forbidden
        case 404: return .notFound
        case 405: return .methodNotAllowed
        case 409: return .conflict
        case 413: return .payloadTooLarge
        case 415: return .unsupportedMediaType
        case 422: return .invalidData
        case 429: return .rateLimited
        case 502, 503: return .sourceUnavailable
        default: return status.code >= 500 ? .internalError : .invalidData
        }
    }
}
