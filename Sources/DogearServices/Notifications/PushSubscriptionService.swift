import Crypto
import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// A reader's browsers that take push messages: subscribed (or subscribed again: the same
/// endpoint keeps one row, now the caller's, with the keys it sends now), unsubscribed, counted.
/// Only the reader's own rows are changed or counted.
package struct PushSubscriptionService {
    package let db: any Database
    package let userID: UUID
    package let now: Date
    /// The push services the server sends to (`DOGEAR_PUSH_SERVICES`).
    package let services: [PushService]

    package init(db: any Database, userID: UUID, now: Date, services: [PushService]) {
        self.db = db
        self.userID = userID
        self.now = now
        self.services = services
    }

    /// `tokenID`: the session or app token it is subscribed with; when that ends, so do its pushes.
    package func subscribe(endpoint: String, p256dh: String, auth: String, tokenID: UUID) async throws -> Int {
        let url = try PushRules.endpoint(endpoint, services: services)
        let keys = try PushRules.keys(p256dh: p256dh, auth: auth)
        guard (try? P256.KeyAgreement.PublicKey(x963Representation: keys.p256dh)) != nil else {
            throw ValidationError(field: "keys.p256dh", "is not a point on the P-256 curve")
        }
        let (userID, now) = (userID, now)
        let (key, secret) = (WebPushPayload.base64URL(keys.p256dh), WebPushPayload.base64URL(keys.auth))
        try await db.writeTransaction { db in
            try await db.sql.raw(
                """
                INSERT INTO push_subscriptions (id, user_id, token_id, endpoint, p256dh, auth, failures, created_at)
                VALUES (\(bind: UUID.timeOrdered()), \(bind: userID), \(bind: tokenID), \(bind: url.absoluteString), \(bind: key),
                  \(bind: secret), 0, \(bind: now))
                ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, token_id = excluded.token_id,
                  p256dh = excluded.p256dh, auth = excluded.auth, failures = 0, created_at = excluded.created_at
                """
            ).run()
            // The oldest go past the limit: a browser that stopped answering gives way to a new one.
            try await db.sql.raw(
                """
                DELETE FROM push_subscriptions WHERE user_id = \(bind: userID) AND id NOT IN (
                  SELECT id FROM push_subscriptions WHERE user_id = \(bind: userID)
                  ORDER BY created_at DESC, id DESC LIMIT \(bind: PushRules.subscriptionsPerReader))
                """
            ).run()
        }
        return try await count()
    }

    /// Stops pushes to that browser, if it is the reader's (another's endpoint is left alone).
    package func unsubscribe(endpoint: String) async throws -> Int {
        guard (1...PushRules.endpointMaxLength).contains(endpoint.unicodeScalars.count) else {
            throw ValidationError(
                field: "endpoint", "must be the push service's URL, at most \(PushRules.endpointMaxLength) characters")
        }
        let userID = userID
        try await db.writeTransaction { db in
            try await db.sql.raw(
                "DELETE FROM push_subscriptions WHERE user_id = \(bind: userID) AND endpoint = \(bind: endpoint)"
            ).run()
        }
        return try await count()
    }

    /// How many browsers take the reader's pushes.
    package func count() async throws -> Int {
        try await db.sql.raw("SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = \(bind: userID)").first()?
            .decode(column: "n", as: Int.self) ?? 0
    }
}
