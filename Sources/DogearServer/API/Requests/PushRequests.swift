import Vapor

/// `POST /api/v1/push/subscriptions`: `PushSubscription.toJSON()` as the browser gives it
/// (`expirationTime` and anything else it adds are passed over).
package struct PushSubscriptionRequest: Decodable, Sendable {
    package struct Keys: Decodable, Sendable {
        package var p256dh: String
        package var auth: String
    }

    package var endpoint: String
    package var keys: Keys
}

/// `DELETE /api/v1/push/subscriptions`.
package struct PushUnsubscribeRequest: Decodable, Sendable {
    package var endpoint: String
}
