import DogearViews
import Fluent
import Plot
import Vapor

/// The web app's session and form protection:
/// - the session is a cookie holding the same kind of opaque token the API uses, stored hashed in
///   `user_tokens`, so signing out anywhere ends it; HttpOnly, SameSite=Lax, Secure behind TLS;
/// - every state-changing request carries a CSRF token equal to the `dogear_csrf` cookie (a
///   double-submit token: a form field `_csrf`, or the `X-CSRF-Token` header from scripts);
/// - pages answer with a Content-Security-Policy that allows only Dogear's own scripts and styles.
enum WebCookies {
    static let session = "dogear_session"
    static let csrf = "dogear_csrf"

    static func cookie(_ value: String, secure: Bool, maxAge: Int? = 60 * 60 * 24 * 30) -> HTTPCookies.Value {
        HTTPCookies.Value(
            string: value, expires: nil, maxAge: maxAge, domain: nil, path: "/", isSecure: secure,
            isHTTPOnly: true, sameSite: .lax)
    }
}

/// Signs in the user whose session cookie names a live token (one query, as bearer tokens).
struct SessionCookieAuthenticator: AsyncRequestAuthenticator {
    func authenticate(request: Request) async throws {
        guard let value = request.cookies[WebCookies.session]?.string, !value.isEmpty else { return }
        guard
            let token = try await UserToken.query(on: request.db)
                .filter(\.$tokenHash == TokenHashing.hash(value))
                .with(\.$user)
                .first()
        else { return }
        request.auth.login(token)
        request.auth.login(token.user)
    }
}

/// Gives every visitor a CSRF cookie and refuses a POST whose token does not match it.
struct CSRFMiddleware: AsyncMiddleware {
    let secureCookies: Bool

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let existing = request.cookies[WebCookies.csrf]?.string
        let token = existing.flatMap { $0.isEmpty ? nil : $0 } ?? TokenHashing.newToken()
        request.storage[CSRFTokenKey.self] = token
        if request.method == .POST {
            // Header (scripts), address (a streamed upload, whose body is not read here), or form field.
            let sent =
                request.headers.first(name: "X-CSRF-Token") ?? request.query["_csrf"]
                ?? (try? request.content.get(String.self, at: "_csrf"))
            guard let existing, let sent, !existing.isEmpty, sent == existing else {
                throw PageError(status: .forbidden, message: "This form has expired. Go back, reload the page and try again.")
            }
        }
        let response = try await next.respond(to: request)
        if existing != token { response.cookies[WebCookies.csrf] = WebCookies.cookie(token, secure: secureCookies, maxAge: nil) }
        return response
    }
}

private struct CSRFTokenKey: StorageKey { typealias Value = String }

/// Headers every page carries: what may load (only Dogear's own scripts and styles; covers from
/// anywhere over HTTPS), no framing, no sniffing.
struct PageSecurityHeaders: AsyncMiddleware {
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' https: data:",
        "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: "Content-Security-Policy", value: Self.contentSecurityPolicy)
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        response.headers.replaceOrAdd(name: "X-Frame-Options", value: "DENY")
        response.headers.replaceOrAdd(name: "Referrer-Policy", value: "same-origin")
        return response
    }
}

/// Pages that need a reader send everyone else to sign in.
struct RequireSignedInPage: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.auth.has(User.self) else { return request.redirect(to: SiteURL.signIn.path, redirectType: .normal) }
        return try await next.respond(to: request)
    }
}

extension Request {
    var csrfToken: String { storage[CSRFTokenKey.self] ?? "" }

    /// The signed-in reader as a page shows them, or nil.
    var pageSession: PageSession? {
        guard let user = auth.get(User.self) else { return nil }
        return PageSession(displayName: user.displayName, csrfToken: csrfToken)
    }

    /// For pages behind `RequireSignedInPage`.
    func requirePageSession() throws -> PageSession {
        guard let session = pageSession else { throw PageError(status: .unauthorized, message: "Sign in first.") }
        return session
    }
}

extension Response {
    convenience init(status: HTTPResponseStatus = .ok, html: HTML) {
        self.init(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .init(string: html.render()))
    }

    /// After a form: 303, so reloading the next page does not send the form again.
    /// A piece of a page, for a script to put in place (live search, import progress).
    convenience init(htmlFragment: String) {
        self.init(headers: ["Content-Type": "text/html; charset=utf-8"], body: .init(string: htmlFragment))
    }

    static func seeOther(_ url: SiteURL) -> Response { seeOther(url.path) }

    static func seeOther(_ path: String) -> Response {
        Response(status: .seeOther, headers: ["Location": path])
    }
}
