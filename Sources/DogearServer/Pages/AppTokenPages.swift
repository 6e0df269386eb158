import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/profile/tokens`: tokens for apps, through `AppTokenService`.
package struct AppTokenPages {
    package func show(req: Request) async throws -> Response {
        Response(html: AppTokens.View.render(try await model(req, secret: nil)))
    }

    package func create(req: Request) async throws -> Response {
        struct Form: Content {
            var name: String?
            var scope: String?
            var expiresInDays: String?
        }
        let form = try req.content.decode(Form.self)
        let days = (form.expiresInDays ?? "").trimmingCharacters(in: .whitespaces)
        do {
            guard days.isEmpty || Int(days) != nil else { throw ValidationError(field: "expiresInDays", "a number of days") }
            let made = try await AppTokenService(request: req).create(
                name: form.name, scopes: [form.scope ?? "read"], expiresInDays: Int(days))
            // The secret is shown on this answer only (a reload does not show it again).
            return Response(html: AppTokens.View.render(try await model(req, secret: made.token)))
        } catch let error as ValidationError {
            var model = try await model(req, secret: nil)
            model.name.value = form.name ?? ""
            model.expiresInDays.value = form.expiresInDays ?? ""
            let message = PageErrorMiddleware.sentence(error.message)
            if error.field == "expiresInDays" { model.expiresInDays.error = message } else { model.name.error = message }
            return Response(status: .unprocessableEntity, html: AppTokens.View.render(model))
        }
    }

    package func revoke(req: Request) async throws -> Response {
        try await AppTokenService(request: req).revoke(try req.uuidParameter("id"))
        return .seeOther(SiteURL.appTokens.with(fragment: "tokens"))
    }

    private func model(_ req: Request, secret: String?) async throws -> AppTokens.Model {
        let zone = TimeZone(identifier: try req.currentUser().timeZone) ?? .gmt
        return AppTokens.Model(
            tokens: try await AppTokenService(request: req).tokens().map {
                AppTokens.Token(
                    id: $0.id, name: $0.name, access: $0.scopes.contains("write") ? "Read and write" : "Read only",
                    lastUsed: $0.lastUsedAt.map { ClubPageModels.when($0, zone) },
                    expires: $0.expiresAt.map { ClubPageModels.when($0, zone) })
            },
            newSecret: secret, session: try req.requirePageSession())
    }
}
