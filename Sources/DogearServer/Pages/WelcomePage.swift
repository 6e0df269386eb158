import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/welcome`: the first-run page, through the same profile update as `PATCH /api/v1/me`. Saving
/// or skipping sets `onboardingDone`, after which the page sends the reader home.
package struct WelcomePage {
    package struct Form: Content {
        package var displayName: String?
        package var timeZone: String?
        package var genres: [String]?
        package var otherGenres: String?
        package var next: String?
        package var skip: String?
    }

    package func show(req: Request) async throws -> Response {
        let user = try req.currentUser()
        if user.onboardingDone { return .seeOther(SiteURL.home.path) }
        let model = Welcome.Model(
            displayName: FieldState(user.displayName), timeZone: FieldState(user.timeZone),
            ticked: Set(user.genrePreferences), session: try req.requirePageSession())
        return Response(html: Welcome.View.render(model))
    }

    package func save(req: Request) async throws -> Response {
        let user = try req.currentUser()
        let form = try req.content.decode(Form.self)
        var patch = ProfileUpdateInput()
        patch.onboardingDone = .value(true)
        if form.skip != "1" {
            patch.displayName = .value(form.displayName ?? "")
            patch.timeZone = .value(form.timeZone ?? "")
            patch.genrePreferences = .value(GenreChoices.merge(ticked: form.genres ?? [], typed: form.otherGenres ?? ""))
        }
        do {
            _ = try await AccountService(request: req).updateProfile(user, patch)
        } catch let error as ValidationError {
            var model = Welcome.Model(
                displayName: FieldState(form.displayName ?? ""), timeZone: FieldState(form.timeZone ?? ""),
                ticked: Set(form.genres ?? []), otherGenres: FieldState(form.otherGenres ?? ""),
                session: try req.requirePageSession())
            let message = PageErrorMiddleware.sentence(error.message)
            switch error.field {
            case "displayName": model.displayName.error = message
            case "timeZone": model.timeZone.error = message
            case let field where field.hasPrefix("genrePreferences"): model.otherGenres.error = "Genres: " + message
            default: model.error = message
            }
            return Response(status: .unprocessableEntity, html: Welcome.View.render(model))
        }
        return .seeOther(form.next == "import" ? SiteURL.importFile.path : SiteURL.home.path)
    }
}
