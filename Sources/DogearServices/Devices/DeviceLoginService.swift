import Crypto
import DogearCore
import DogearStore
import FluentKit
import Foundation

/// A reader's logins for e-readers (KOReader's progress sync): a username the reader chooses and a
/// password Dogear makes, shown once. KOReader sends the MD5 of the password as its key; only the
/// SHA-256 of that key is kept. Making and revoking one is account management (a session only,
/// as with app tokens); another reader's login is 404.
package struct DeviceLoginService {
    package let context: AccountContext
    package var db: any Database { context.db }

    package static let loginNotFound = DomainError.notFound(.deviceLoginNotFound, "no such device login")

    package func logins() async throws -> [DeviceLoginRecord] {
        try await DeviceLogin.query(on: db).filter(\.$user.$id == context.currentUser().requireID())
            .sort(\.$createdAt, .descending).all().map { try DeviceLoginRecord($0, password: nil) }
    }

    /// The new login, with its password this once.
    package func create(username: String?) async throws -> DeviceLoginRecord {
        let username = try DeviceNames.username(username)
        let userID = try context.currentUser().requireID()
        let password = Self.newPassword()
        let login = DeviceLogin(
            userID: userID, username: username, keyHash: TokenHashing.hash(Self.key(for: password)), now: context.now)
        let limit = Limits.deviceLoginsPerReader
        try await db.writeTransaction { db in
            if try await DeviceLogin.query(on: db).filter(\.$user.$id == userID).count() >= limit {
                throw DomainError(
                    .unprocessable, code: .tooManyDeviceLogins, "a reader can have at most \(limit) device logins")
            }
            // Usernames are one namespace across readers: a device sends nothing else to say whose it is.
            if try await DeviceLogin.query(on: db).filter(\.$username == username).first() != nil {
                throw Self.taken(username)
            }
            try await login.create(on: db)
        }
        return try DeviceLoginRecord(login, password: password)
    }

    package func revoke(_ id: UUID) async throws {
        let userID = try context.currentUser().requireID()
        try await db.writeTransaction { db in
            let login = try await DeviceLogin.find(id, on: db)
            guard let login,
                DeviceAccess.decide(caller: .session, action: .manageLogins, isOwner: login.$user.id == userID) == .allow
            else { throw Self.loginNotFound }
            try await login.delete(on: db)
        }
    }

    static func taken(_ username: String) -> DomainError {
        var error = DomainError(.conflict, code: .usernameTaken, "the username '\(username)' is taken; choose another")
        error.field = "username"
        return error
    }

    /// 20 letters and digits without look-alikes (no 0/O, 1/l/I), typed once on an e-reader's
    /// keyboard: about 115 bits.
    static func newPassword() -> String {
        let alphabet = Array("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<20).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// What KOReader sends for a password: its MD5, in lower-case hex.
    package static func key(for password: String) -> String {
        Insecure.MD5.hash(data: Data(password.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    package init(context: AccountContext) {
        self.context = context
    }
}

extension Limits {
    public static let deviceLoginsPerReader = 10
}

package struct DeviceLoginRecord: Sendable {
    package var id: UUID
    package var username: String
    package var createdAt: Date
    package var lastUsedAt: Date?
    /// Only when just made.
    package var password: String?

    init(_ login: DeviceLogin, password: String?) throws {
        id = try login.requireID()
        username = login.username
        createdAt = login.createdAt ?? Date(timeIntervalSince1970: 0)
        lastUsedAt = login.lastUsedAt
        self.password = password
    }
}
