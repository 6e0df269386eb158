import Vapor

/// `GET /api/v1/push/key`: the VAPID public key, an uncompressed P-256 point in base64url, as
/// `PushManager.subscribe({applicationServerKey})` takes it.
package struct PushKeyDTO: Content {
    package let publicKey: String
}

/// How many of the reader's browsers take push messages.
package struct PushSubscriptionsDTO: Content {
    package let subscriptions: Int
}
