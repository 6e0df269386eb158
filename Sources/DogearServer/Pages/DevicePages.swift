import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/profile/devices`: device logins through `DeviceLoginService`, documents through
/// `DeviceDocumentService` (the API's `/api/v1/devices` calls the same).
package struct DevicePages {
    package func show(req: Request) async throws -> Response {
        Response(html: Devices.View.render(try await model(req)))
    }

    package func create(req: Request) async throws -> Response {
        struct Form: Content { var username: String? }
        let form = try req.content.decode(Form.self)
        do {
            let made = try await DeviceLoginService(request: req).create(username: form.username)
            var model = try await model(req)
            // The password is shown on this answer only (a reload does not show it again).
            model.newLogin = (made.username, made.password ?? "")
            return Response(html: Devices.View.render(model))
        } catch let error as ValidationError {
            return try await refused(req, typed: form.username, PageErrorMiddleware.sentence(error.message))
        } catch let error as DomainError where error.code == .usernameTaken || error.code == .tooManyDeviceLogins {
            return try await refused(req, typed: form.username, PageErrorMiddleware.sentence(error.message))
        }
    }

    package func revoke(req: Request) async throws -> Response {
        try await DeviceLoginService(request: req).revoke(try req.uuidParameter("id"))
        return .seeOther(SiteURL.devices.with(fragment: "logins"))
    }

    package func link(req: Request) async throws -> Response {
        struct Form: Content { var entryId: String? }
        let form = try req.content.decode(Form.self)
        guard let entryID = form.entryId.flatMap(UUID.init(uuidString:)) else {
            throw ValidationError(field: "entryId", "choose a book")
        }
        _ = try await req.deviceDocuments().link(try req.documentParameter(), to: entryID)
        return .seeOther(SiteURL.devices.with(fragment: "documents"))
    }

    package func unlink(req: Request) async throws -> Response {
        try await req.deviceDocuments().unlink(try req.documentParameter())
        return .seeOther(SiteURL.devices.with(fragment: "documents"))
    }

    private func refused(_ req: Request, typed: String?, _ message: String) async throws -> Response {
        var model = try await model(req)
        model.username = FieldState(typed ?? "", error: message)
        return Response(status: .unprocessableEntity, html: Devices.View.render(model))
    }

    private func model(_ req: Request) async throws -> Devices.Model {
        let zone = TimeZone(identifier: try req.currentUser().timeZone) ?? .gmt
        let search = (try? req.query.get(String.self, at: "q")) ?? ""
        let choices = try await req.bookChoices(matching: search)
        let documents = try await req.deviceDocuments().documents().map { document in
            Devices.Document(
                name: document.document, device: document.device,
                percent: "\(Int((document.percentage * 100).rounded(.down)))%",
                lastSeen: ClubPageModels.when(Date(timeIntervalSince1970: document.reportedAt), zone),
                linked: document.entryID.map { Devices.Choice(entryID: $0, title: document.title ?? "") },
                suggestion: document.suggestion.map { Devices.Choice(entryID: $0.entryID, title: $0.title) })
        }
        return Devices.Model(
            logins: try await DeviceLoginService(request: req).logins().map {
                Devices.Login(id: $0.id, username: $0.username, lastUsed: $0.lastUsedAt.map { ClubPageModels.when($0, zone) })
            },
            documents: documents, choices: choices, search: search,
            syncAddress: req.application.baseURL + "/kosync", session: try req.requirePageSession())
    }
}
