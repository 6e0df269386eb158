import DogearCore
import DogearServices
import DogearStore
import Vapor

/// KOReader's progress sync (its "Progress sync" plugin, custom server `https://<dogear>/kosync`):
/// the five routes and the answers the plugin reads. A device signs in with a device login made in
/// Dogear (`x-auth-user`, and `x-auth-key`: the MD5 of the password); no account is made from a
/// device. Progress goes through `DeviceDocumentService`, as the API's documents do.
package struct KOSyncController: Sendable {
    package func register(_ app: RoutesBuilder) {
        let kosync = app.grouped("kosync").grouped(KOSyncErrorMiddleware())
        kosync.post("users", "create", use: create)
        let signedIn = kosync.grouped(KOSyncSignIn())
        signedIn.get("users", "auth", use: auth)
        signedIn.put("syncs", "progress", use: push)
        signedIn.get("syncs", "progress", ":document", use: pull)
    }

    /// Refused: device logins are made in Dogear's profile, where the reader is signed in.
    func create(req: Request) async throws -> Response {
        // KOReader sends {"username", "password"}; anything else is a bad request, as its server says.
        struct Registration: Decodable {
            var username: String?
            var password: String?

            // A field that is there is a string (null is not a password).
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                username = container.contains(.username) ? try container.decode(String.self, forKey: .username) : nil
                password = container.contains(.password) ? try container.decode(String.self, forKey: .password) : nil
            }

            enum CodingKeys: String, CodingKey { case username, password }
        }
        guard (try? req.content.decode(Registration.self)) != nil else {
            throw KOSyncAnswer.Refusal(code: 2003, message: "Invalid request: send {\"username\", \"password\"}")
        }
        return try KOSyncAnswer.error(
            .paymentRequired, code: 2002,
            "Dogear makes device logins in your profile (Profile → Devices); enter that username and password here",
            for: req)
    }

    func auth(req: Request) async throws -> Response {
        try KOSyncAnswer.json(["authorized": "OK"], for: req)
    }

    func push(req: Request) async throws -> Response {
        let body: KOSyncProgressBody
        do {
            body = try req.content.decode(KOSyncProgressBody.self)
        } catch {
            throw KOSyncAnswer.Refusal(code: 2003, message: "Invalid request: the body must be a JSON object of the progress")
        }
        let kept = try await req.deviceDocuments().push(
            .init(
                document: body.document, progress: body.progress, percentage: body.percentage, device: body.device,
                deviceID: body.deviceId, timestamp: body.timestamp))
        return try KOSyncAnswer.json(
            KOSyncPushAnswer(document: kept.document, timestamp: KOSyncAnswer.seconds(kept.timestamp)), for: req)
    }

    func pull(req: Request) async throws -> Response {
        guard let document = req.parameters.get("document"), DeviceNames.document(document) != nil else {
            throw KOSyncAnswer.Refusal(code: 2004, message: "Field 'document' not provided.")
        }
        guard let kept = try await req.deviceDocuments().pull(document) else {
            return try KOSyncAnswer.json([String: String](), for: req)
        }
        return try KOSyncAnswer.json(
            KOSyncPosition(
                document: kept.document, percentage: kept.percentage, progress: kept.progress, device: kept.device,
                deviceId: kept.deviceID, timestamp: KOSyncAnswer.seconds(kept.reportedAt)),
            for: req)
    }

    package init() {}
}

/// Signs a `/kosync` request in by its device login (`DeviceSignIn`): the reader is the request's
/// user for this request only, with no token (so nothing of the API's accepts it).
struct KOSyncSignIn: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let signIn = DeviceSignIn(
            db: request.db, throttle: request.application.signInThrottle, now: request.application.clock.now())
        guard
            let login = try await signIn.login(
                username: request.headers.first(name: "x-auth-user"), key: request.headers.first(name: "x-auth-key"),
                address: request.clientAddress),
            let user = try await User.find(login.$user.id, on: request.db),
            DeviceAccess.decide(caller: .deviceLogin, action: .syncProgress, isOwner: true) == .allow
        else { throw KOSyncAnswer.Refusal(status: .unauthorized, code: 2001, message: "Unauthorized") }
        request.auth.login(user)
        return try await next.respond(to: request)
    }
}
