import Crypto
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// Keys the server makes once and keeps in its database, so every process and every restart signs
/// with the same one (browsers subscribed with its public half).
package enum ServerKeys {
    /// The VAPID signing key (RFC 8292): the operator's (`DOGEAR_VAPID_PRIVATE_KEY`, the raw
    /// 32-byte scalar in base64url) when given, else the one in `server_keys`, made on first use.
    /// Two processes starting at once both try to write it; the first row stays and both read it.
    package static func vapid(configured: String?, on db: any Database, now: Date) async throws -> P256.Signing.PrivateKey {
        if let configured {
            guard let key = configuredKey(configured) else { throw KeyError.malformedConfiguredKey }
            return key
        }
        if let stored = try await read("vapid", on: db) { return try decode(stored) }
        let made = WebPushPayload.base64URL(P256.Signing.PrivateKey().rawRepresentation)
        try await db.writeTransaction { db in
            try await db.sql.raw(
                """
                INSERT INTO server_keys (name, value, created_at) VALUES ('vapid', \(bind: made), \(bind: now))
                ON CONFLICT (name) DO NOTHING
                """
            ).run()
        }
        guard let stored = try await read("vapid", on: db) else { throw KeyError.notKept }
        return try decode(stored)
    }

    /// The operator's key, if it is a P-256 private key's 32 bytes in base64url (checked at start).
    package static func configuredKey(_ text: String) -> P256.Signing.PrivateKey? {
        guard let raw = WebPushPayload.base64URL(text), raw.count == 32 else { return nil }
        return try? P256.Signing.PrivateKey(rawRepresentation: raw)
    }

    package enum KeyError: Error, CustomStringConvertible {
        case malformedConfiguredKey, malformedStoredKey, notKept

        package var description: String {
            switch self {
            case .malformedConfiguredKey: return "DOGEAR_VAPID_PRIVATE_KEY: give the P-256 private key's 32 bytes in base64url"
            case .malformedStoredKey: return "the VAPID key in server_keys cannot be read"
            case .notKept: return "the VAPID key could not be kept in server_keys"
            }
        }
    }

    private static func read(_ name: String, on db: any Database) async throws -> String? {
        try await db.sql.raw("SELECT value FROM server_keys WHERE name = \(bind: name)").first()?
            .decode(column: "value", as: String.self)
    }

    private static func decode(_ stored: String) throws -> P256.Signing.PrivateKey {
        guard let raw = WebPushPayload.base64URL(stored), let key = try? P256.Signing.PrivateKey(rawRepresentation: raw) else {
            throw KeyError.malformedStoredKey
        }
        return key
    }
}
