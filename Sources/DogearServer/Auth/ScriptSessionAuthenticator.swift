import DogearStore
import Vapor

/// The web app's own scripts calling the API with the browser's session: what was logged offline,
/// sent through the batch, and a browser subscribing to push. A cookie goes with any request to
/// this server, another site's too, so the cookie alone signs nothing in here: the request must
/// also carry the page's CSRF token in `X-CSRF-Token` (the session's own, which only a page of this
/// server can read) and not say it comes from another site. Registered only on those routes; an
/// app's bearer token, when one is sent, signs in first.
package struct ScriptSessionAuthenticator: AsyncRequestAuthenticator {
    package func authenticate(request: Request) async throws {
        guard !request.auth.has(UserToken.self),
            let session = request.cookies[WebCookies.session]?.string, !session.isEmpty,
            let sent = request.headers.first(name: "X-CSRF-Token"),
            sent == CSRFMiddleware.token(session: session, anonymous: ""),
            !CSRFMiddleware.fromAnotherSite(request)
        else { return }
        try await SessionTokens.signIn(request, with: session, sessionsOnly: true)
    }

    package init() {}
}
