import Foundation
import Plot

/// `/notifications`: what the reader was told, newest first (the unread ones marked), each leading
/// to its page; "Mark all as read"; and `/notifications/settings`, the choice per kind of email
/// digest and push. Plain forms: no script needed.
public enum NotificationsPage {
    public struct Item: Sendable, Equatable {
        public var id: UUID
        /// "Bob replied to you in Family".
        public var summary: String
        /// A comment's opening words; nil when none or hidden.
        public var text: String?
        /// "page 200": the words wait until the reader gets there.
        public var hiddenUntil: String?
        public var when: String
        public var path: String
        public var unread: Bool

        public init(
            id: UUID, summary: String, text: String?, hiddenUntil: String?, when: String, path: String, unread: Bool
        ) {
            self.id = id
            self.summary = summary
            self.text = text
            self.hiddenUntil = hiddenUntil
            self.when = when
            self.path = path
            self.unread = unread
        }
    }

    public struct Model: Sendable, Equatable {
        public var items: [Item]
        public var unreadCount: Int
        /// The next page's cursor.
        public var more: String?
        public var session: PageSession

        public init(items: [Item], unreadCount: Int, more: String?, session: PageSession) {
            self.items = items
            self.unreadCount = unreadCount
            self.more = more
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let csrf = model.session.csrfToken
            return PageLayout.page(
                title: "Notifications", session: model.session, csrfToken: csrf, active: .notifications,
                .div(
                    .class("card narrow"),
                    .div(
                        .class("page-head"), .h1("Notifications"),
                        .a(.class("button"), .href(SiteURL.notificationSettings.path), "Settings")),
                    .p(.class("meta"), .text(model.unreadCount == 0 ? "Nothing unread." : "\(model.unreadCount) unread.")),
                    .if(
                        model.unreadCount > 0,
                        .form(
                            .action(SiteURL.readNotifications.path), .method(.post), .class("inline"), .csrf(csrf),
                            .input(.type(.hidden), .name("all"), .value("true")),
                            .button(.type(.submit), .text("Mark all as read")))),
                    model.items.isEmpty
                        ? .p(.class("empty"), "Nothing yet. Replies, mentions, meetings and your clubs' news come here.")
                        : .ul(
                            .class("notifications"),
                            .forEach(model.items) { item in
                                .li(
                                    .if(item.unread, .class("unread")),
                                    .p(
                                        .a(.class("summary"), .href(item.path), .userText(item.summary)),
                                        .if(item.unread, .span(.class("visually-hidden"), .text(" (unread)")))),
                                    .unwrap(item.text) { .p(.userText($0)) },
                                    .unwrap(item.hiddenUntil) { place in
                                        .p(.class("meta"), .text("Its words wait until you reach \(place)."))
                                    },
                                    .p(.class("meta"), .userText(item.when)))
                            }),
                    .unwrap(model.more) { cursor in
                        .p(.a(.href(SiteURL.notifications.path + "?cursor=" + cursor), "Older notifications"))
                    }
                ))
        }
    }
}

/// `/notifications/settings`: per kind, email (off, in a daily or a weekly digest) and push.
public enum NotificationSettingsPage {
    public struct Row: Sendable, Equatable {
        public var kind: String
        /// "Replies to you".
        public var label: String
        public var email: String
        public var push: Bool

        public init(kind: String, label: String, email: String, push: Bool) {
            self.kind = kind
            self.label = label
            self.email = email
            self.push = push
        }
    }

    public struct Model: Sendable, Equatable {
        public var rows: [Row]
        public var saved: Bool
        public var session: PageSession

        public init(rows: [Row], saved: Bool, session: PageSession) {
            self.rows = rows
            self.saved = saved
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let csrf = model.session.csrfToken
            return PageLayout.page(
                title: "Notification settings", session: model.session, csrfToken: csrf, active: .notifications,
                .div(
                    .class("card narrow"),
                    .div(
                        .class("page-head"), .h1("Notification settings"),
                        .a(.class("button"), .href(SiteURL.notifications.path), "Notifications")),
                    .p(
                        .text(
                            "Everything comes to your notifications here. Choose what also comes by email, in one message a "
                                + "day or a week with what you have not read, and what comes as a push to this browser or phone.")
                    ),
                    .if(model.saved, .p(.class("saved"), .attribute(named: "role", value: "status"), "Saved.")),
                    // Push needs a script (the browser's permission and subscription): hidden
                    // until `push.js` finds a browser that can take pushes.
                    .section(
                        .class("push-device"), .attribute(named: "hidden", value: "hidden"),
                        .attribute(named: "aria-labelledby", value: "push-device-title"),
                        .attribute(named: "data-push-key", value: APIPath.pushKey.path),
                        .attribute(named: "data-push-subscriptions", value: APIPath.pushSubscriptions.path),
                        .h2(.id("push-device-title"), "Push on this device"),
                        .p(.class("push-state"), .attribute(named: "role", value: "status")),
                        .button(.type(.button), .class("button push-toggle"), "Turn on push on this device")),
                    .form(
                        .action(SiteURL.notificationSettings.path), .method(.post), .csrf(csrf),
                        .forEach(model.rows) { row in
                            .fieldset(
                                .element(named: "legend", nodes: [.text(row.label)]),
                                .div(
                                    .class("field"),
                                    .label(.for("email-\(row.kind)"), "By email"),
                                    .select(
                                        .id("email-\(row.kind)"), .attribute(named: "name", value: "email[\(row.kind)]"),
                                        .forEach([("off", "Off"), ("daily", "Daily digest"), ("weekly", "Weekly digest")]) {
                                            value, text in
                                            .element(
                                                named: "option",
                                                nodes: [
                                                    .attribute(named: "value", value: value),
                                                    .if(row.email == value, .attribute(named: "selected", value: "selected")),
                                                    .text(text),
                                                ])
                                        })),
                                .div(
                                    .class("check"),
                                    .input(
                                        .type(.checkbox), .id("push-\(row.kind)"), .name("push[\(row.kind)]"), .value("true"),
                                        .attribute(named: "checked", value: row.push ? "checked" : nil)),
                                    .label(.for("push-\(row.kind)"), "By push")))
                        },
                        .button(.type(.submit), .class("primary"), .text("Save")))
                ))
        }
    }
}
