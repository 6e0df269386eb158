import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/profile/security`: the password and the signed-in devices, through `SessionService`.
package struct SecurityPages {
    package func show(req: Request) async throws -> Response {
        Response(html: Security.View.render(try await model(req)))
    }

    package func changePassword(req: Request) async throws -> Response {
        struct Form: Content {
            var currentPassword: String?
            var newPassword: String?
        }
        let form = try req.content.decode(Form.self)
        do {
            try await SessionService(request: req).changePassword(current: form.currentPassword, new: form.newPassword)
            return .seeOther(SiteURL.security.with(query: [("changed", "1")]))
        } catch let error as ValidationError {
            var model = try await model(req)
            model.place(PageErrorMiddleware.sentence(error.message), field: error.field)
            return Response(status: .unprocessableEntity, html: Security.View.render(model))
        }
    }

    package func end(req: Request) async throws -> Response {
        let id = try req.uuidParameter("id")
        let isThisOne = req.auth.get(UserToken.self)?.id == id
        try await SessionService(request: req).end(id)
        return .seeOther(isThisOne ? SiteURL.signIn.path : SiteURL.security.with(fragment: "devices"))
    }

    package func endOthers(req: Request) async throws -> Response {
        try await SessionService(request: req).endOthers()
        return .seeOther(SiteURL.security.with(fragment: "devices"))
    }

    private func model(_ req: Request) async throws -> Security.Model {
        let zone = TimeZone(identifier: try req.currentUser().timeZone) ?? .gmt
        let sessions = try await SessionService(request: req).sessions()
        return Security.Model(
            devices: sessions.map {
                Security.Device(
                    id: $0.id, name: Self.deviceName($0.userAgent), lastUsed: ClubPageModels.when($0.lastUsedAt, zone),
                    signedIn: ClubPageModels.when($0.createdAt, zone), isThisOne: $0.current)
            },
            changed: req.query["changed"] == "1", session: try req.requirePageSession())
    }

    /// A short name for a user agent: the browser and the system when they can be told, else the
    /// app's own words (its first 60 characters).
    package static func deviceName(_ userAgent: String?) -> String {
        guard let agent = userAgent, !agent.isEmpty else { return "Unknown device" }
        let browsers = [("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari")]
        let systems = [
            ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Mac OS", "macOS"), ("Windows", "Windows"),
            ("Linux", "Linux"),
        ]
        guard let browser = browsers.first(where: { agent.contains($0.0) })?.1 else { return String(agent.prefix(60)) }
        guard let system = systems.first(where: { agent.contains($0.0) })?.1 else { return browser }
        return "\(browser) on \(system)"
    }
}
