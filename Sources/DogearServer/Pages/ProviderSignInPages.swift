import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// Sign in with Apple or Google on the web: the buttons on the sign-in and sign-up pages (each page
/// gets a nonce of its own), the callback the providers post their ID token to, and the page where
/// an identity whose email has an account waits for that account's password. All of it goes
/// through `ExternalSignInService`, as the API does.
package struct ProviderSignInPages {
    package let cookies: CookiePolicy

    /// The buttons for the providers set up, with a fresh nonce; none when none is. `deleting`:
    /// the delete-account page's, for the providers linked to that account, whose token deletes it.
    package static func buttons(_ req: Request, deleting user: User? = nil) async throws -> [ProviderButton] {
        var providers = req.application.identityProviders
        if let user {
            let linked = try await ExternalSignInService(request: req).linkedProviders(of: user)
            providers = providers.filter { linked.contains($0.name) }
        }
        guard !providers.isEmpty else { return [] }
        let nonce = try await ExternalSignInService(request: req).issueNonce(deleting: user).nonce
        // The nonce goes to this browser as a cookie too (`ProviderNonceCookie`): the callback takes
        // only the nonce of the browser that showed the button.
        req.storage[ProviderNonceCookie.IssuedKey.self] = nonce
        let base = req.baseURL
        return providers.map { provider in
            ProviderButton(
                provider: provider.name == .apple ? .apple : .google, clientID: provider.webClientID, nonce: nonce,
                callbackURL: base + SiteURL.providerCallback(provider.name.rawValue).path)
        }
    }

    /// Google posts `credential` (and its double-submit `g_csrf_token`, as a field and a cookie);
    /// Apple posts `id_token` and `state`, which is the nonce the page gave it.
    package func callback(req: Request) async throws -> Response {
        struct Form: Content {
            var credential: String?
            var g_csrf_token: String?
            var id_token: String?
            var state: String?
        }
        guard let name = req.parameters.get("provider").flatMap(IdentityProvider.Name.init(rawValue:)) else {
            throw DomainError.notFound(.providerNotConfigured, "no such sign-in provider")
        }
        let form = try req.content.decode(Form.self)
        let idToken: String
        let nonce: String
        switch name {
        case .google:
            guard let field = form.g_csrf_token, !field.isEmpty, req.cookies["g_csrf_token"]?.string == field else {
                return try await refused("Google's sign-in did not come back as expected; try again.", req)
            }
            idToken = form.credential ?? ""
            // Google returns the nonce only inside the token; it is checked against the ones issued.
            nonce = IDTokenVerifier.peek(idToken)?.nonce ?? ""
        case .apple:
            idToken = form.id_token ?? ""
            nonce = form.state ?? ""
        }
        // Login CSRF: another site's page cannot finish its own sign-in in this browser, as this
        // browser holds only the nonce of the button it was shown.
        guard !nonce.isEmpty, req.cookies[ProviderNonceCookie.name]?.string == nonce else {
            return try await refused("This sign-in was not started in this browser; try again.", req)
        }
        do {
            switch try await ExternalSignInService(request: req).signIn(name, idToken: idToken, nonce: nonce) {
            case .signedIn(let answer, let created):
                return WebCookies.signedIn(answer.token, req, cookies: cookies, to: created ? .welcome : .home)
            case .needsPassword(_, let linkToken):
                return .seeOther(SiteURL.linkIdentity(linkToken))
            case .deleted:
                let response = Response.seeOther(SiteURL.signIn.with(query: [("deleted", "1")]))
                response.cookies[WebCookies.session] = WebCookies.cookie("", secure: cookies.secure(req), maxAge: 0)
                return response
            }
        } catch let error as DomainError {
            return try await refused(PageErrorMiddleware.sentence(error.message), req)
        }
    }

    package func linkPage(req: Request) async throws -> Response {
        let token = req.parameters.get("token") ?? ""
        guard let (link, user) = try? await ExternalSignInService(request: req).pendingLink(token) else {
            return Response(
                status: .notFound,
                html: LinkIdentity.View.render(
                    .init(token: token, provider: "", email: "", linkWorks: false, csrfToken: req.csrfToken)))
        }
        return Response(
            html: LinkIdentity.View.render(
                .init(
                    token: token, provider: link.provider?.label ?? "", email: user.email, linkWorks: true,
                    csrfToken: req.csrfToken)))
    }

    package func link(req: Request) async throws -> Response {
        struct Form: Content { var password: String? }
        let token = req.parameters.get("token") ?? ""
        let form = try req.content.decode(Form.self)
        let service = ExternalSignInService(request: req)
        do {
            let answer = try await service.completeLink(token, password: form.password)
            return WebCookies.signedIn(answer.token, req, cookies: cookies, to: .home)
        } catch let error as ValidationError {
            let (link, user) = try await service.pendingLink(token)
            var model = LinkIdentity.Model(
                token: token, provider: link.provider?.label ?? "", email: user.email, linkWorks: true, csrfToken: req.csrfToken)
            model.password.error = PageErrorMiddleware.sentence(error.message)
            return Response(status: .unprocessableEntity, html: LinkIdentity.View.render(model))
        }
    }

    /// The sign-in page again, saying why, with fresh buttons.
    private func refused(_ message: String, _ req: Request) async throws -> Response {
        var model = SignIn.Model(error: message, csrfToken: req.csrfToken)
        model.providers = try await Self.buttons(req)
        return Response(status: .unauthorized, html: SignIn.View.render(model))
    }
}

/// Sends the nonce a page's provider buttons carry as a cookie, so the provider's callback can tell
/// the browser that started the sign-in. Apple posts its answer from its own site, and a browser
/// sends a `SameSite=Lax` cookie with no cross-site POST: over HTTPS the cookie is `SameSite=None;
/// Secure` (and only for `/auth/`); over plain HTTP (a machine of one's own) it is `Lax`.
package struct ProviderNonceCookie: AsyncMiddleware {
    package static let name = "dogear_signin_nonce"
    package let cookies: CookiePolicy

    package struct IssuedKey: StorageKey { package typealias Value = String }

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        if let nonce = request.storage[IssuedKey.self] {
            let secure = cookies.secure(request)
            response.cookies[Self.name] = HTTPCookies.Value(
                string: nonce, expires: nil, maxAge: Int(ExternalSignInService.nonceLifetime), domain: nil, path: "/auth/",
                isSecure: secure, isHTTPOnly: true, sameSite: secure ? HTTPCookies.SameSitePolicy.none : .lax)
        }
        return response
    }
}
