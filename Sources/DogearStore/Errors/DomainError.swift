import DogearSources
import Foundation

/// What a service says went wrong, in the domain's words and without HTTP: services, queries and
/// jobs throw this (or Core's `ValidationError` for a field that breaks a rule). The API's error
/// middleware turns it into `{"error": {code, message, field}}` and the page error middleware into
/// an error page, each through one table keyed by `kind` (`APIErrorMiddleware.status(for:)`,
/// `PageErrorMiddleware.page(for:)`).
package struct DomainError: Error, Sendable {
    package enum Kind: Sendable, CaseIterable {
        /// The thing does not exist, or the actor may not know it does (never "forbidden" for those).
        case notFound
        /// The request itself is malformed (a parameter that cannot be read), before any rule.
        case badRequest
        /// The request is readable but cannot be done as asked (an empty file, an unknown format).
        case unprocessable
        /// It collides with what is there already (the book is in the library, the email is taken).
        case conflict
        /// Nobody is signed in, or the credentials are wrong.
        case notAuthenticated
        /// The actor is known and may see the thing but not do this to it.
        case forbidden
        /// The account's tier does not include this (only when tiers are on).
        case premiumRequired
        /// More than Dogear accepts at once (an upload over the limit).
        case tooLarge
        /// Dogear could not store or read its own files; nothing the user can change.
        case storageFailed
        /// Too many tries, or too busy to take this one now: wait `retryAfterSeconds` and try again.
        case tooManyRequests
        /// Something Dogear depends on outside (an identity provider's keys) did not answer.
        case unavailable
        /// The server's disk is full: nothing was saved.
        case insufficientStorage
        /// The write named a version (`If-Match`) and the thing has changed since: nothing was written.
        case preconditionFailed
        /// What the request goes on from is no longer kept (a sync cursor past the tombstones'
        /// retention, or from before a restore): start again from the beginning.
        case gone
    }

    package let kind: Kind
    /// A stable machine-readable code (`entryNotFound`, `emailTaken`, …) clients may switch on.
    package let code: ErrorCode
    /// One sentence for a person, lower case, no trailing period (pages capitalise it).
    package let message: String
    /// The request field it is about, in the API's JSON path form (`book.title`, `file`).
    package var field: String?
    /// Extra facts a client can act on, such as the id of the entry a conflict collided with.
    package var details: [String: String] = [:]
    /// For `bookNotFound` after a lookup: what each online source said.
    package var sourceAttempts: [LookupChain.Attempt] = []
    /// For `tooManyRequests`: how long to wait (sent as `Retry-After`).
    package var retryAfterSeconds: Int?

    package init(_ kind: Kind, code: ErrorCode, _ message: String, field: String? = nil, details: [String: String] = [:]) {
        self.kind = kind
        self.code = code
        self.message = message
        self.field = field
        self.details = details
    }

    package static func notFound(_ code: ErrorCode, _ message: String) -> DomainError {
        DomainError(.notFound, code: code, message)
    }

    /// A parameter that cannot be read at all (a malformed id, limit or cursor): code `invalidData`.
    package static func badRequest(_ message: String, field: String? = nil) -> DomainError {
        DomainError(.badRequest, code: .invalidData, message, field: field)
    }

    package static let notAuthenticated = DomainError(
        .notAuthenticated, code: .notAuthenticated, "sign in first: send Authorization: Bearer <token>")
    package static let wrongCredentials = DomainError(.notAuthenticated, code: .notAuthenticated, "email or password is wrong")
    package static let entryNotFound = DomainError.notFound(.entryNotFound, "no such book in your library")
    package static let bookNotFound = DomainError.notFound(.bookNotFound, "no such book in the catalog")
    package static let noteNotFound = DomainError.notFound(.noteNotFound, "no such note")
    package static let quoteNotFound = DomainError.notFound(.quoteNotFound, "no such quote")
    package static let importNotFound = DomainError.notFound(.importNotFound, "no such import")
    package static let importBookNotFound = DomainError.notFound(.importBookNotFound, "no such book waiting in this import")
    package static let authorNotFound = DomainError.notFound(.authorNotFound, "no such author")
    package static let emailTaken = DomainError(
        .conflict, code: .emailTaken, "an account with this email already exists", field: "email")

    package static let diskFull = DomainError(
        .insufficientStorage, code: .diskFull, "the server's disk is full, so nothing was saved; tell whoever runs it")

    package static func storageFailed(_ what: String) -> DomainError {
        DomainError(.storageFailed, code: .storageFailed, "\(what) could not be stored")
    }
}
