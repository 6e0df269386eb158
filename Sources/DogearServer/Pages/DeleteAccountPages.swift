import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/profile/delete`: what deleting the account takes with it, the export offered first, and the
/// form that asks for the password (`AccountService.deleteAccount`).
package struct DeleteAccountPages {
    package let cookies: CookiePolicy

    package func show(req: Request) async throws -> Response {
        Response(html: DeleteAccount.View.render(try await model(req)))
    }

    package func delete(req: Request) async throws -> Response {
        struct Form: Content {
            var currentPassword: String?
        }
        let form = try req.content.decode(Form.self)
        do {
            try await AccountService(request: req).deleteAccount(currentPassword: form.currentPassword)
        } catch let error as ValidationError {
            var model = try await model(req)
            model.currentPassword.error = PageErrorMiddleware.sentence(error.message)
            return Response(status: .unprocessableEntity, html: DeleteAccount.View.render(model))
        }
        let response = Response.seeOther(SiteURL.signIn.with(query: [("deleted", "1")]))
        response.cookies[WebCookies.session] = WebCookies.cookie("", secure: cookies.secure(req), maxAge: 0)
        return response
    }

    private func model(_ req: Request) async throws -> DeleteAccount.Model {
        let user = try req.currentUser()
        let owned = try await AccountDeletion(db: req.db).ownedClubs(of: user)
        var model = DeleteAccount.Model(
            ownedClubs: owned.map {
                DeleteAccount.OwnedClub(
                    name: $0.club.name,
                    fate: $0.heir.map { "passes to \($0)" } ?? "is deleted (you are its only member)")
            },
            session: try req.requirePageSession())
        // An account without a password confirms by signing in with its provider again.
        model.hasPassword = !user.passwordHash.isEmpty
        if !model.hasPassword { model.providers = try await ProviderSignInPages.buttons(req, deleting: user) }
        return model
    }
}
