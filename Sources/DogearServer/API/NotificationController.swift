import DogearCore
import DogearServices
import DogearStore
import Vapor

/// `/api/v1/notifications`: the reader's notifications (newest first, with the unread count),
/// marking them read, and the reader's choice per kind of email digest and push. Always the
/// caller's own (Core's `NotificationAccess`): no route names another reader.
package struct NotificationController: Sendable {
    package func register(_ signedIn: RoutesBuilder) {
        signedIn.get("notifications", use: list)
        signedIn.post("notifications", "read", use: markRead).batchable()
        signedIn.get("notifications", "settings", use: settings)
        signedIn.put("notifications", "settings", use: updateSettings).batchable()
    }

    func list(req: Request) async throws -> NotificationsPageDTO {
        try req.requireNotificationAccess(.list)
        let page = try await req.notifications().page(before: try req.optionalUUIDQuery("cursor"))
        return NotificationsPageDTO(
            items: page.items.map(NotificationDTO.init), unreadCount: page.unreadCount, nextCursor: page.nextCursor)
    }

    func markRead(req: Request) async throws -> UnreadCountDTO {
        try req.requireNotificationAccess(.markRead)
        let body = try req.content.decode(MarkNotificationsReadRequest.self)
        return UnreadCountDTO(unreadCount: try await req.notifications().markRead(ids: body.ids, all: body.all))
    }

    func settings(req: Request) async throws -> Response {
        try req.requireNotificationAccess(.readSettings)
        return try await Self.encode(try await req.notifications().settings(), for: req)
    }

    func updateSettings(req: Request) async throws -> Response {
        try req.requireNotificationAccess(.changeSettings)
        let body = try req.content.decode([String: NotificationChannelsChange].self)
        return try await Self.encode(try await req.notifications().update(body), for: req)
    }

    /// `{"reply": {"email": "daily", "push": true}, …}`, every kind, in Core's order.
    static func encode(_ settings: [NotificationKind: NotificationChannels], for req: Request) async throws -> Response {
        var object: [String: NotificationChannels] = [:]
        for kind in NotificationKind.allCases { object[kind.rawValue] = settings[kind] ?? .defaults }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: .init(data: try encoder.encode(object)))
    }
}
