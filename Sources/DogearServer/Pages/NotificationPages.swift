import DogearCore
import DogearServices
import DogearViews
import Vapor

/// `/notifications`: the reader's notifications and their settings, through the service the API
/// uses; `/notifications/unread`: the bell's number, for the script that keeps it current.
package struct NotificationPages: Sendable {
    package func show(req: Request) async throws -> Response {
        let service = try req.notifications()
        let page = try await service.page(before: try req.optionalUUIDQuery("cursor"))
        let zone = TimeZone(identifier: try req.currentUser().timeZone) ?? .gmt
        var session = try req.requirePageSession()
        session.unreadNotifications = page.unreadCount
        let items = page.items.map { record in
            NotificationsPage.Item(
                id: record.id,
                summary: NotificationWords.summary(
                    kind: record.kind, actor: record.actor?.displayName, club: record.club?.name, title: record.title),
                text: record.text, hiddenUntil: record.hiddenUntil,
                when: HumanDates.relative(record.createdAt, now: req.now, in: zone),
                path: NotificationWords.path(kind: record.kind, clubID: record.club?.id), unread: record.readAt == nil)
        }
        return Response(
            html: NotificationsPage.View.render(
                .init(items: items, unreadCount: page.unreadCount, more: page.nextCursor, session: session)))
    }

    package func markRead(req: Request) async throws -> Response {
        struct Form: Content { var all: String?, id: String? }
        let form = try req.content.decode(Form.self)
        let ids = form.id.flatMap(UUID.init(uuidString:)).map { [$0] }
        _ = try await req.notifications().markRead(ids: ids, all: form.all == "true")
        return .seeOther(SiteURL.notifications)
    }

    package func unread(req: Request) async throws -> Response {
        // Counted once, by `RequireSignedInPage`, for this GET.
        let count = try await req.unreadNotificationsCounted()
        var headers = HTTPHeaders()
        headers.contentType = .json
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return Response(status: .ok, headers: headers, body: .init(string: "{\"unreadCount\":\(count)}"))
    }

    package func settingsPage(req: Request) async throws -> Response {
        Response(html: NotificationSettingsPage.View.render(try await model(req, saved: req.query["saved"] == "1")))
    }

    /// Every kind's email choice and push box as the form sends them (an unticked box is absent).
    package func saveSettings(req: Request) async throws -> Response {
        struct Form: Content {
            var email: [String: String]?
            var push: [String: String]?
        }
        let form = try req.content.decode(Form.self)
        var changes: [String: NotificationChannelsChange] = [:]
        for kind in NotificationKind.allCases {
            changes[kind.rawValue] = NotificationChannelsChange(
                email: form.email?[kind.rawValue], push: form.push?[kind.rawValue] == "true")
        }
        _ = try await req.notifications().update(changes)
        return .seeOther(SiteURL.notificationSettings.path + "?saved=1")
    }

    private func model(_ req: Request, saved: Bool) async throws -> NotificationSettingsPage.Model {
        let settings = try await req.notifications().settings()
        return NotificationSettingsPage.Model(
            rows: NotificationKind.allCases.map { kind in
                let channels = settings[kind] ?? .defaults
                return NotificationSettingsPage.Row(
                    kind: kind.rawValue, label: NotificationWords.label(kind), email: channels.email.rawValue,
                    push: channels.push)
            }, saved: saved, session: try req.requirePageSession())
    }
}
