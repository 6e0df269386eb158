import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/signin`, `/signup`, `/signout`: the API's account service behind forms, with a session cookie.
package struct AccountPages {
    package let cookies: CookiePolicy

    package struct SignInForm: Content {
        package var email: String?
        package var password: String?
    }

    package struct SignUpForm: Content {
        package var email: String?
        package var displayName: String?
        package var password: String?
    }

    package func signInPage(req: Request) async throws -> Response {
        if req.auth.has(User.self) { return .seeOther(SiteURL.home.path) }
        let notice =
            req.query["deleted"] == "1"
            ? "Your account and everything in it were deleted."
            : req.query["reset"] == "1" ? "Your password was changed. Sign in with the new one." : nil
        var model = SignIn.Model(notice: notice, csrfToken: req.csrfToken)
        model.providers = try await ProviderSignInPages.buttons(req)
        return Response(html: SignIn.View.render(model))
    }

    package func signIn(req: Request) async throws -> Response {
        let form = try req.content.decode(SignInForm.self)
        do {
            let answer = try await AccountService(request: req).signIn(
                SignInInput(email: form.email ?? "", password: form.password ?? ""))
            return WebCookies.signedIn(answer.token, req, cookies: cookies)
        } catch let error as DomainError {
            var model = SignIn.Model(email: FieldState(form.email ?? ""), error: error.message, csrfToken: req.csrfToken)
            model.providers = try await ProviderSignInPages.buttons(req)
            let limited = error.kind == .tooManyRequests
            let response = Response(status: limited ? .tooManyRequests : .unauthorized, html: SignIn.View.render(model))
            if let seconds = error.retryAfterSeconds { response.headers.replaceOrAdd(name: .retryAfter, value: String(seconds)) }
            return response
        }
    }

    package func signUpPage(req: Request) async throws -> Response {
        if req.auth.has(User.self) { return .seeOther(SiteURL.home.path) }
        var model = SignUp.Model(csrfToken: req.csrfToken)
        model.providers = try await ProviderSignInPages.buttons(req)
        return Response(html: SignUp.View.render(model))
    }

    package func signUp(req: Request) async throws -> Response {
        let form = try req.content.decode(SignUpForm.self)
        var model = SignUp.Model(
            email: FieldState(form.email ?? ""), displayName: FieldState(form.displayName ?? ""),
            csrfToken: req.csrfToken)
        // Every field's problem at once, not one per try: the same checks the service makes.
        let checks: [(String, () throws -> Void)] = [
            ("email", { _ = try AccountService.validEmail(form.email ?? "") }),
            (
                "displayName",
                { _ = try Validate.text(form.displayName ?? "", field: "displayName", length: Limits.displayNameLength) }
            ),
            ("password", { try AccountService.validatePassword(form.password ?? "") }),
        ]
        var refused = false
        for (field, check) in checks {
            do { try check() } catch let error as ValidationError {
                model.place(error.message, field: field)
                refused = true
            }
        }
        if refused {
            model.providers = try await ProviderSignInPages.buttons(req)
            return Response(status: .unprocessableEntity, html: SignUp.View.render(model))
        }
        do {
            let answer = try await AccountService(request: req).signUp(
                SignUpInput(email: form.email ?? "", password: form.password ?? "", displayName: form.displayName ?? ""))
            return WebCookies.signedIn(answer.token, req, cookies: cookies, to: .welcome)
        } catch let error as ValidationError {
            model.place(error.message, field: error.field)
        } catch let error as DomainError {
            model.place(error.message, field: error.field)
        }
        model.providers = try await ProviderSignInPages.buttons(req)
        return Response(status: .unprocessableEntity, html: SignUp.View.render(model))
    }

    package func signOut(req: Request) async throws -> Response {
        if req.auth.has(UserToken.self) { try await AccountService(request: req).signOut() }
        let response = Response.seeOther(SiteURL.signIn.path)
        response.cookies[WebCookies.session] = WebCookies.cookie("", secure: cookies.secure(req), maxAge: 0)
        return response
    }

}

extension SignUp.Model {
    /// A message beside the field it is about, or above the form.
    package mutating func place(_ message: String, field: String?) {
        switch field {
        case "email": email.error = message
        case "displayName": displayName.error = message
        case "password": password.error = message
        default: error = message
        }
    }
}

/// `/profile`: the account service's profile update behind a form.
package struct ProfilePage {
    package struct Form: Content {
        package var displayName: String?
        package var email: String?
        package var timeZone: String?
        package var currentPassword: String?
        package var genres: [String]?
        package var otherGenres: String?
    }

    package func show(req: Request) async throws -> Response {
        let user = try req.currentUser()
        var model = Profile.Model(
            email: FieldState(user.email), displayName: FieldState(user.displayName),
            timeZone: FieldState(user.timeZone), saved: req.query["saved"] == "1",
            session: try req.requirePageSession())
        let genres = GenreChoices.split(user.genrePreferences)
        model.ticked = genres.ticked
        model.otherGenres = FieldState(genres.other)
        return Response(html: Profile.View.render(model))
    }

    package func save(req: Request) async throws -> Response {
        let user = try req.currentUser()
        let form = try req.content.decode(Form.self)
        var model = Profile.Model(
            email: FieldState(form.email ?? ""), displayName: FieldState(form.displayName ?? ""),
            timeZone: FieldState(form.timeZone ?? ""), session: try req.requirePageSession())
        model.ticked = Set(form.genres ?? [])
        model.otherGenres = FieldState(form.otherGenres ?? "")
        do {
            var patch = ProfileUpdateInput(
                displayName: .value(form.displayName ?? ""), timeZone: .value(form.timeZone ?? ""),
                email: .value(form.email ?? ""))
            // A form from before the genres were on it (or a script) leaves them as they are.
            if form.genres != nil || form.otherGenres != nil {
                patch.genrePreferences = .value(GenreChoices.merge(ticked: form.genres ?? [], typed: form.otherGenres ?? ""))
            }
            patch.currentPassword = form.currentPassword
            _ = try await AccountService(request: req).updateProfile(user, patch)
            return .seeOther(SiteURL.profile.with(query: [("saved", "1")]))
        } catch let error as ValidationError {
            model.place(error.message, field: error.field)
        } catch let error as DomainError {
            model.place(error.message, field: error.field)
        }
        return Response(status: .unprocessableEntity, html: Profile.View.render(model))
    }
}

extension Profile.Model {
    package mutating func place(_ message: String, field: String?) {
        switch field {
        case "email": email.error = message
        case "timeZone": timeZone.error = message
        case let field? where field.hasPrefix("genrePreferences"): otherGenres.error = "Genres: " + message
        case "currentPassword": currentPassword.error = message
        default: displayName.error = message
        }
    }
}
