import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// An error only a page flow has (an expired form, a question the form left unanswered), shown as
/// a page.
package struct PageError: Error {
    package let status: HTTPResponseStatus
    package let message: String
}

/// Turns any error below it into an HTML page with the right status; the API keeps its JSON shape.
package struct PageErrorMiddleware: AsyncMiddleware {
    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as PageError {
            return page(error.status, error.message, request)
        } catch let error as DomainError {
            let (status, message) = Self.page(for: error)
            if status == .internalServerError { request.logger.report(error: error) }
            let response = page(status, message, request)
            if let seconds = error.retryAfterSeconds { response.headers.replaceOrAdd(name: .retryAfter, value: String(seconds)) }
            return response
        } catch let error as ValidationError {
            return page(.unprocessableEntity, Self.sentence(error.message), request)
        } catch let error as AbortError {
            return page(error.status, error.status == .notFound ? "Not found." : error.reason, request)
        } catch {
            request.logger.report(error: error)
            return page(.internalServerError, "Something went wrong on our side.", request)
        }
    }

    /// The status and the sentence a page shows for each kind of domain error: the pages' one
    /// mapping table (the API's is `APIErrorMiddleware.status(for:)`).
    package static func page(for error: DomainError) -> (HTTPResponseStatus, String) {
        switch error.kind {
        case .notFound: return (.notFound, notFoundSentence(error.code))
        case .badRequest: return (.badRequest, sentence(error.message))
        case .unprocessable: return (.unprocessableEntity, sentence(error.message))
        case .conflict: return (.conflict, sentence(error.message))
        case .notAuthenticated: return (.unauthorized, "Sign in first.")
        case .forbidden: return (.forbidden, "You cannot do that here.")
        case .premiumRequired: return (.forbidden, sentence(error.message))
        case .tooLarge: return (.payloadTooLarge, sentence(error.message))
        case .storageFailed: return (.internalServerError, "Something went wrong on our side; nothing was changed.")
        case .tooManyRequests: return (.tooManyRequests, sentence(error.message))
        case .unavailable: return (.serviceUnavailable, sentence(error.message))
        case .insufficientStorage: return (.insufficientStorage, sentence(error.message))
        case .preconditionFailed: return (.preconditionFailed, sentence(error.message))
        case .gone: return (.gone, sentence(error.message))
        }
    }

    /// What a missing thing is called on a page: the reader learns what was not found, never
    /// whether it belongs to someone else.
    package static func notFoundSentence(_ code: ErrorCode) -> String {
        code.pageWording ?? "Not found."
    }

    /// A domain message ("this book is already in your library") as a sentence on a page.
    package static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        let capitalised = first.uppercased() + message.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }

    private func page(_ status: HTTPResponseStatus, _ message: String, _ request: Request) -> Response {
        let html = ErrorPage.View.render(.init(status: Int(status.code), message: message, session: request.pageSession))
        return Response(status: status, html: html)
    }
}
