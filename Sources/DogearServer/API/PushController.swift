import DogearCore
import DogearServices
import DogearStore
import Vapor

/// `/api/v1/push`: the server's VAPID public key (what a browser subscribes with; public, as the
/// RFC means it), and the reader's browsers subscribed (`POST`, the `PushSubscription` as the
/// browser gives it) and unsubscribed (`DELETE`, by endpoint). Always the caller's own (Core's
/// `NotificationAccess`); a read-only token cannot subscribe.
package struct PushController: Sendable {
    package func register(api: RoutesBuilder, signedIn: RoutesBuilder) {
        api.get("push", "key", use: key)
        signedIn.post("push", "subscriptions", use: subscribe)
        signedIn.delete("push", "subscriptions", use: unsubscribe)
    }

    func key(req: Request) async throws -> PushKeyDTO {
        guard let push = req.application.webPush else { throw Abort(.notFound) }
        return PushKeyDTO(publicKey: VAPID.publicKey(try await push.signingKey(on: req.db, now: req.now)))
    }

    func subscribe(req: Request) async throws -> Response {
        try req.requireNotificationAccess(.subscribePush)
        let body = try req.content.decode(PushSubscriptionRequest.self)
        guard let token = req.auth.get(UserToken.self) else { throw DomainError.notAuthenticated }
        let count = try await req.pushSubscriptions().subscribe(
            endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, tokenID: try token.requireID())
        return try await PushSubscriptionsDTO(subscriptions: count).encodeResponse(status: .created, for: req)
    }

    func unsubscribe(req: Request) async throws -> HTTPStatus {
        try req.requireNotificationAccess(.unsubscribePush)
        let body = try req.content.decode(PushUnsubscribeRequest.self)
        _ = try await req.pushSubscriptions().unsubscribe(endpoint: body.endpoint)
        return .noContent
    }
}
