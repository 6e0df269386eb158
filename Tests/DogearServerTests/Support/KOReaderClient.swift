import Crypto
import Foundation
import Testing
import Vapor

@testable import DogearServer

/// What KOReader's "Progress sync" plugin sends (koreader/plugins/kosync.koplugin: `api.json` and
/// `KOSyncClient.lua`): its `Accept` header, the username and the MD5 of the password in
/// `x-auth-user` and `x-auth-key`, and JSON bodies with its field names.
struct KOReaderClient {
    let app: Application
    let username: String
    /// KOReader keeps `md5(password)`, never the password.
    let key: String
    let device: String
    let deviceID: String

    init(_ app: Application, username: String, password: String, device: String = "Kobo Libra 2", deviceID: String) {
        self.app = app
        self.username = username
        key = Self.md5(password)
        self.device = device
        self.deviceID = deviceID
    }

    private var headers: HTTPHeaders {
        ["Accept": "application/vnd.koreader.v1+json", "x-auth-user": username, "x-auth-key": key]
    }

    func authorize() async throws -> Reply {
        try await app.send(.GET, "/kosync/users/auth", headers: headers)
    }

    func register(password: String) async throws -> Reply {
        try await app.send(
            .POST, "/kosync/users/create", json: ["username": username, "password": Self.md5(password)],
            headers: ["Accept": "application/vnd.koreader.v1+json"])
    }

    /// `updateProgress`: the plugin sends the position as a string (a page, or an XPointer).
    func push(_ document: String, percentage: Double, progress: String) async throws -> Reply {
        try await app.send(
            .PUT, "/kosync/syncs/progress",
            json: [
                "document": document, "progress": progress, "percentage": percentage, "device": device,
                "device_id": deviceID,
            ], headers: headers)
    }

    func pull(_ document: String) async throws -> Reply {
        try await app.send(.GET, "/kosync/syncs/progress/\(document)", headers: headers)
    }

    static func md5(_ text: String) -> String {
        Insecure.MD5.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
