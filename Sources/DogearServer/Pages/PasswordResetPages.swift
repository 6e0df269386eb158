import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/forgot-password` and `/reset-password/{token}`: the API's recovery behind forms.
package struct PasswordResetPages {
    package func forgotPage(req: Request) async throws -> Response {
        Response(html: ForgotPassword.View.render(.init(sendsMail: req.application.mailer != nil, csrfToken: req.csrfToken)))
    }

    package func forgot(req: Request) async throws -> Response {
        struct Form: Content { var email: String? }
        let form = try req.content.decode(Form.self)
        var model = ForgotPassword.Model(
            email: FieldState(form.email ?? ""), sendsMail: req.application.mailer != nil, csrfToken: req.csrfToken)
        do {
            try await AccountService(request: req).askPasswordReset(email: form.email ?? "")
            model.asked = true
            return Response(html: ForgotPassword.View.render(model))
        } catch let error as ValidationError {
            model.email.error = PageErrorMiddleware.sentence(error.message)
            return Response(status: .unprocessableEntity, html: ForgotPassword.View.render(model))
        } catch let error as DomainError where error.kind == .tooManyRequests {
            model.error = PageErrorMiddleware.sentence(error.message)
            let response = Response(status: .tooManyRequests, html: ForgotPassword.View.render(model))
            if let seconds = error.retryAfterSeconds { response.headers.replaceOrAdd(name: .retryAfter, value: String(seconds)) }
            return response
        }
    }

    package func resetPage(req: Request) async throws -> Response {
        let token = req.parameters.get("token") ?? ""
        let works = (try? await req.passwordResets().reader(for: token)) != nil
        return Response(
            status: works ? .ok : .notFound,
            html: ResetPassword.View.render(.init(token: token, linkWorks: works, csrfToken: req.csrfToken)))
    }

    package func reset(req: Request) async throws -> Response {
        struct Form: Content { var newPassword: String? }
        let token = req.parameters.get("token") ?? ""
        let form = try req.content.decode(Form.self)
        do {
            _ = try await req.passwordResets().reset(
                token: token, newPassword: form.newPassword ?? "", hasher: req.application.passwordHasher)
        } catch let error as ValidationError {
            var model = ResetPassword.Model(token: token, linkWorks: true, csrfToken: req.csrfToken)
            model.newPassword.error = PageErrorMiddleware.sentence(error.message)
            return Response(status: .unprocessableEntity, html: ResetPassword.View.render(model))
        } catch let error as DomainError where error.code == PasswordResetService.invalidLink.code {
            return Response(
                status: .notFound,
                html: ResetPassword.View.render(.init(token: token, linkWorks: false, csrfToken: req.csrfToken)))
        }
        return .seeOther(SiteURL.signIn.with(query: [("reset", "1")]))
    }
}
