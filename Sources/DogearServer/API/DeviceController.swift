import DogearCore
import DogearServices
import Vapor

/// `/api/v1/devices`: the reader's device logins (account management: a session only) and the
/// documents their devices report (a token with `read` lists them, `write` links them).
package struct DeviceController: Sendable {
    package func logins(req: Request) async throws -> [DeviceLoginDTO] {
        try req.requireDeviceAccess(.manageLogins)
        return try await DeviceLoginService(request: req).logins().map(DeviceLoginDTO.init)
    }

    package func create(req: Request) async throws -> Response {
        try req.requireDeviceAccess(.manageLogins)
        let body = try req.content.decode(CreateDeviceLoginRequest.self)
        let login = try await DeviceLoginService(request: req).create(username: body.username)
        return try await DeviceLoginDTO(login).encodeResponse(status: .created, for: req)
    }

    package func revoke(req: Request) async throws -> HTTPStatus {
        try req.requireDeviceAccess(.manageLogins)
        try await DeviceLoginService(request: req).revoke(try req.uuidParameter("id"))
        return .noContent
    }

    package func documents(req: Request) async throws -> [DeviceDocumentDTO] {
        try req.requireDeviceAccess(.readDocuments)
        return try await req.deviceDocuments().documents().map(DeviceDocumentDTO.init)
    }

    package func link(req: Request) async throws -> DeviceDocumentDTO {
        try req.requireDeviceAccess(.linkDocuments)
        let body = try req.content.decode(LinkDocumentRequest.self)
        guard let entryID = body.entryId else { throw ValidationError(field: "entryId", "is required") }
        return DeviceDocumentDTO(try await req.deviceDocuments().link(try req.documentParameter(), to: entryID))
    }

    package func unlink(req: Request) async throws -> HTTPStatus {
        try req.requireDeviceAccess(.linkDocuments)
        try await req.deviceDocuments().unlink(try req.documentParameter())
        return .noContent
    }
}

extension DeviceLoginService {
    package init(request: Request) { self.init(context: request.accountContext()) }
}

extension Request {
    package func deviceDocuments() throws -> DeviceDocumentService {
        DeviceDocumentService(library: try libraryService())
    }

    /// The `{document}` of a path, as a device named it.
    package func documentParameter() throws -> String {
        guard let document = parameters.get("document") else { throw DeviceDocumentService.documentNotFound }
        return document
    }
}
