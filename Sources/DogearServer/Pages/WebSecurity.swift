import DogearServices
import DogearStore
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
package enum WebCookies {
    package static let session = "dogear_session"
    package static let csrf = "dogear_csrf"

    /// Signed in: the session cookie (as long as the idle lifetime) and on to `page`.
    package static func signedIn(_ token: String, _ req: Request, cookies: CookiePolicy, to page: SiteURL = .home) -> Response {
        let response = Response.seeOther(page.path)
        response.cookies[session] = cookie(
            token, secure: cookies.secure(req), maxAge: Int(req.application.sessionLifetime.idle))
        return response
    }

    package static func cookie(_ value: String, secure: Bool, maxAge: Int? = 60 * 60 * 24 * 30) -> HTTPCookies.Value {
        HTTPCookies.Value(
            string: value, expires: nil, maxAge: maxAge, domain: nil, path: "/", isSecure: secure,
            isHTTPOnly: true, sameSite: .lax)
    }
}

/// Signs in the user whose session cookie names a live session token (one query, as bearer
/// tokens). An app's token in the cookie signs nobody in: the pages check no scope, so a read-only
/// token sent as a cookie would otherwise write, mint tokens and end the owner's sessions.
package struct SessionCookieAuthenticator: AsyncRequestAuthenticator {
    package func authenticate(request: Request) async throws {
        guard let value = request.cookies[WebCookies.session]?.string, !value.isEmpty else { return }
        try await SessionTokens.signIn(request, with: value, sessionsOnly: true)
    }
}

/// Slides the session cookie: when a page view recorded a use of the session (at most once a
/// minute), the cookie is sent again with a fresh idle lifetime, so a reader who keeps coming back
/// stays signed in until the session's absolute end.
package struct SessionCookieSliding: AsyncMiddleware {
    package let cookies: CookiePolicy

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        if SessionTokens.touched(request), let value = request.cookies[WebCookies.session]?.string,
            response.cookies[WebCookies.session] == nil
        {
            response.cookies[WebCookies.session] = WebCookies.cookie(
                value, secure: cookies.secure(request), maxAge: Int(request.application.sessionLifetime.idle))
        }
        return response
    }
}

/// Gives every visitor a CSRF token and refuses a POST whose token does not match it. Signed in,
/// the token is derived from the session (so it changes at every sign-in and a token learnt before
/// it is worthless after); before sign-in it is a random cookie (double submit).
///
/// The form's body is read whole here, before the check (the route would read it next anyway),
/// so a form of any length is checked on its `_csrf` field: a body past the first packet is never
/// waved through, nor refused as expired. The one exception is a route that streams its upload
/// (`streamedBody`): its multipart form carries the token as its first part, which the upload
/// checks before it stores a byte (`pendingCSRF`). A POST that says it comes from another site
/// (`Sec-Fetch-Site: cross-site`, or an `Origin` whose host is not this server's) is refused
/// before anything else.
package struct CSRFMiddleware: AsyncMiddleware {
    package let cookies: CookiePolicy

    package static let expired = PageError(
        status: .forbidden, message: "This form has expired. Go back, reload the page and try again.")

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        // The Cookie header parsed once (each `request.cookies` parses it again).
        let cookies = request.cookies
        let existing = (cookies[WebCookies.csrf]?.string).flatMap { $0.isEmpty ? nil : $0 }
        let session = (cookies[WebCookies.session]?.string).flatMap { $0.isEmpty ? nil : $0 }
        // A signed-in page's token comes from its session: an anonymous one is made only for a
        // visitor without a session (a client that keeps no cookies was given a new one, 32
        // random bytes and a cookie, on every page).
        let anonymous = existing ?? (session == nil ? TokenHashing.newToken() : nil)
        let token = Self.token(session: session, anonymous: anonymous ?? "")
        request.storage[CSRFTokenKey.self] = token
        if request.method == .POST {
            guard !Self.fromAnotherSite(request) else {
                throw PageError(status: .forbidden, message: "This form was sent from another site, so it was not accepted.")
            }
            let header = request.headers.first(name: "X-CSRF-Token")
            let streamed = request.route?.userInfo[IdempotencyMiddleware.streamedBody] as? Bool == true
            if header == nil, !streamed, request.body.data == nil {
                _ = try await request.body.collect(max: request.application.routes.defaultMaxBodySize.value).get()
            }
            // A script's header, or the form's field.
            let sent = header ?? (try? request.content.get(String.self, at: "_csrf"))
            if streamed, sent == nil, request.body.data == nil, request.headers.contentType?.type == "multipart" {
                request.storage[PendingCSRFKey.self] = token
            } else {
                guard existing != nil || session != nil, let sent, sent == token else {
                    throw Self.expired
                }
            }
        }
        let response = try await next.respond(to: request)
        if let anonymous, existing != anonymous {
            response.cookies[WebCookies.csrf] = WebCookies.cookie(anonymous, secure: self.cookies.secure(request), maxAge: nil)
        }
        return response
    }

    /// The session's own token when there is a session, else the anonymous cookie's.
    package static func token(session: String?, anonymous: String) -> String {
        guard let session, !session.isEmpty else { return anonymous }
        return String(TokenHashing.hash("csrf:" + session).prefix(43))
    }

    /// Whether the browser says this request was sent by a page of another site. Hosts are compared
    /// without ports, as browsers decide what is the same site and cookies ignore the port too; the
    /// server's own host is the request's `Host`, a proxy's `X-Forwarded-Host`, or `DOGEAR_BASE_URL`'s.
    package static func fromAnotherSite(_ request: Request) -> Bool {
        if request.headers.first(name: "Sec-Fetch-Site")?.lowercased() == "cross-site" { return true }
        guard let origin = request.headers.first(name: .origin), origin != "null" else { return false }
        guard let originHost = URLComponents(string: origin)?.host?.lowercased() else { return true }
        let own = [
            request.headers.first(name: .host), request.headers.first(name: "X-Forwarded-Host"),
            URLComponents(string: request.application.baseURL)?.host,
        ]
        return !own.compactMap { $0.map(hostName) }.contains(originHost)
    }

    /// `example.org:8080` → `example.org`; `[::1]:8080` → `::1` (as `URLComponents` gives an origin's host).
    private static func hostName(_ authority: String) -> String {
        let value = authority.lowercased()
        if value.hasPrefix("["), let end = value.firstIndex(of: "]") {
            return String(value[value.index(after: value.startIndex)..<end])
        }
        return String(value.split(separator: ":", maxSplits: 1).first ?? "")
    }
}

/// Whether cookies get `Secure` and pages HSTS: when `DOGEAR_BASE_URL` is https, or when a proxy
/// named in `DOGEAR_TRUSTED_PROXIES` says the reader's connection was https (`X-Forwarded-Proto`).
/// A header from anyone else is ignored: it could be typed by the client.
package struct CookiePolicy: Sendable {
    package let baseURLIsHTTPS: Bool
    package let trustedProxies: Set<String>

    package func secure(_ request: Request) -> Bool {
        if baseURLIsHTTPS { return true }
        guard let address = request.remoteAddress?.ipAddress, trustedProxies.contains(address) else { return false }
        return request.headers.first(name: "X-Forwarded-Proto")?.lowercased() == "https"
    }
}

private struct PendingCSRFKey: StorageKey { typealias Value = String }

private struct CSRFTokenKey: StorageKey { typealias Value = String }

/// Headers every page carries: what may load (only Dogear's own scripts and styles; covers from
/// anywhere over HTTPS; the scripts, frames and styles of Sign in with Apple or Google only when
/// that provider is set up), no framing, no sniffing.
package struct PageSecurityHeaders: AsyncMiddleware {
    package let cookies: CookiePolicy
    package let contentSecurityPolicy: String

    package init(cookies: CookiePolicy, providers: [IdentityProvider.Name] = []) {
        self.cookies = cookies
        self.contentSecurityPolicy = Self.policy(providers: providers)
    }

    /// The policy with these providers let in.
    package static func policy(providers: [IdentityProvider.Name]) -> String {
        var script = ["'self'"]
        var style = ["'self'"]
        var frame: [String] = []
        var connect = ["'self'"]
        if providers.contains(.google) {
            script.append("https://accounts.google.com/gsi/client")
            style.append("https://accounts.google.com/gsi/style")
            frame.append("https://accounts.google.com/gsi/")
            connect.append("https://accounts.google.com/gsi/")
        }
        if providers.contains(.apple) {
            script.append("https://appleid.cdn-apple.com")
            frame.append("https://appleid.apple.com")
            connect.append("https://appleid.apple.com")
        }
        return [
            "default-src 'self'", "script-src " + script.joined(separator: " "), "style-src " + style.joined(separator: " "),
            "img-src 'self' https: data:", "connect-src " + connect.joined(separator: " "),
            "frame-src " + (frame.isEmpty ? "'none'" : frame.joined(separator: " ")), "object-src 'none'", "base-uri 'none'",
            "form-action 'self'", "frame-ancestors 'none'", "worker-src 'self'", "manifest-src 'self'",
        ].joined(separator: "; ")
    }

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: "Content-Security-Policy", value: contentSecurityPolicy)
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        response.headers.replaceOrAdd(name: "X-Frame-Options", value: "DENY")
        response.headers.replaceOrAdd(name: "Referrer-Policy", value: "same-origin")
        if cookies.secure(request) {
            response.headers.replaceOrAdd(name: "Strict-Transport-Security", value: "max-age=31536000")
        }
        return response
    }
}

/// Pages that need a reader send everyone else to sign in.
package struct RequireSignedInPage: AsyncMiddleware {
    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.auth.has(User.self) else { return request.redirect(to: SiteURL.signIn.path, redirectType: .normal) }
        // The bell's number, for the header of the page a GET draws (a form's POST mostly redirects;
        // a refused form drawn again shows the bell without its number until the next page).
        if request.method == .GET {
            request.storage[UnreadNotificationsKey.self] = try await request.notifications().unreadCount()
        }
        return try await next.respond(to: request)
    }
}

extension Request {
    package var csrfToken: String { storage[CSRFTokenKey.self] ?? "" }

    /// For a streamed multipart form: the token its `_csrf` part must carry (nil when the request
    /// is not such a form, or the API's).
    package var pendingCSRF: String? { storage[PendingCSRFKey.self] }

    /// The signed-in reader as a page shows them, or nil.
    package var pageSession: PageSession? {
        guard let user = auth.get(User.self) else { return nil }
        return PageSession(
            displayName: user.displayName, csrfToken: csrfToken, unreadNotifications: storage[UnreadNotificationsKey.self] ?? 0,
            readerKey: user.id?.uuidString.lowercased() ?? "")
    }

    /// For pages behind `RequireSignedInPage`.
    package func requirePageSession() throws -> PageSession {
        guard let session = pageSession else { throw PageError(status: .unauthorized, message: "Sign in first.") }
        return session
    }
}

extension Response {
    package convenience init(status: HTTPResponseStatus = .ok, html: HTML) {
        self.init(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .init(string: html.render()))
    }

    /// A whole page already rendered as text (`LibraryIndex.View.page`).
    package convenience init(status: HTTPResponseStatus = .ok, htmlPage: String) {
        self.init(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .init(string: htmlPage))
    }

    /// After a form: 303, so reloading the next page does not send the form again.
    /// A piece of a page, for a script to put in place (live search, import progress).
    package convenience init(htmlFragment: String) {
        self.init(htmlPage: htmlFragment)
    }

    package static func seeOther(_ url: SiteURL) -> Response { seeOther(url.path) }

    package static func seeOther(_ path: String) -> Response {
        Response(status: .seeOther, headers: ["Location": path])
    }
}

/// The signed-in reader's unread notifications, counted once per page request.
struct UnreadNotificationsKey: StorageKey {
    typealias Value = Int
}

extension Request {
    /// The unread count `RequireSignedInPage` took for this GET, or a count now.
    func unreadNotificationsCounted() async throws -> Int {
        if let counted = storage[UnreadNotificationsKey.self] { return counted }
        return try await notifications().unreadCount()
    }
}
