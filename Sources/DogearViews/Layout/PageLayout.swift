import Foundation
import Plot

/// Who is signed in, as a page needs it: a name for the header and the token every form carries.
public struct PageSession: Sendable, Equatable {
    public let displayName: String
    public let csrfToken: String
    /// The bell's number in the header.
    public var unreadNotifications: Int

    /// Names the reader to the page's scripts, so what one reader kept offline on a shared device
    /// is sent only when they are signed in again (`Public/js/offline.js`).
    public var readerKey: String

    public init(displayName: String, csrfToken: String, unreadNotifications: Int = 0, readerKey: String = "") {
        self.displayName = displayName
        self.csrfToken = csrfToken
        self.unreadNotifications = unreadNotifications
        self.readerKey = readerKey
    }

    /// The bell's number as written: nothing when there is none.
    var unreadText: String { unreadNotifications > 0 ? String(unreadNotifications) : "" }
}

/// The shell of every page: head (one stylesheet, one script module, no inline code, so the
/// Content-Security-Policy can forbid everything else), the header with its navigation, and the page.
public enum PageLayout {
    /// `refreshEvery`: seconds after which the page reloads itself (a running import, without a script).
    public static func page(
        title: String, session: PageSession?, csrfToken: String, active: SiteURL? = nil,
        refreshEvery: Int? = nil, head extraHead: Node<HTML.HeadContext> = .empty, _ content: Node<HTML.BodyContext>
    ) -> HTML {
        HTML(
            .lang(.english),
            .head(
                .meta(.charset(.utf8)),
                .meta(.name("viewport"), .content("width=device-width, initial-scale=1")),
                .meta(.name("color-scheme"), .content("light dark")),
                .meta(.name("csrf-token"), .userAttribute("content", csrfToken)),
                // Without a script the page reloads itself; with one, the script refreshes just the part that moves.
                .unwrap(refreshEvery) { seconds in
                    .element(
                        named: "noscript",
                        nodes: [
                            .meta(.attribute(named: "http-equiv", value: "refresh"), .content(String(seconds)))
                        ])
                },
                .element(named: "title", nodes: [.userText(title == "Dogear" ? title : "\(title) · Dogear")]),
                .link(.rel(.stylesheet), .href(SiteURL.stylesheet.path)),
                // Installable: the manifest, the header's colour for the window, an icon for tabs and home screens.
                .link(.rel(.manifest), .href(SiteURL.manifest.path)),
                .meta(.name("theme-color"), .content(AppManifest.themeColour)),
                .link(.rel(.icon), .type("image/png"), .href(SiteURL.appIcon(size: 192).path)),
                .link(.rel(.appleTouchIcon), .href(SiteURL.appIcon(size: 192).path)),
                .meta(.name("dogear-service-worker"), .content(SiteURL.serviceWorker.path)),
                .meta(.name("dogear-batch"), .content(APIPath.batch.path)),
                .unwrap(session.flatMap { $0.readerKey.isEmpty ? nil : $0.readerKey }) {
                    .meta(.name("dogear-reader"), .userAttribute("content", $0))
                },
                .script(.src(SiteURL.script.path), .attribute(named: "type", value: "module")),
                extraHead
            ),
            .body(
                .raw(headerHTML(session: session, active: active)),
                .main(.id("main"), content)
            )
        )
    }

    /// The header as Plot writes it: the brand, and for a reader signed in the sections (the one
    /// `active` marked current) and the sign-out form carrying `session`'s token.
    static func header(session: PageSession?, active: SiteURL?, unreadText: String? = nil) -> Node<HTML.BodyContext> {
        .header(
            .class("site-header"),
            .a(.class("brand"), .href(SiteURL.home.path), .text("Dogear")),
            .unwrap(session) { session in
                .group(
                    // The bell: the unread count on every page (a script keeps it current).
                    .a(
                        .class("bell"), .href(SiteURL.notifications.path),
                        .if(active == .notifications, .attribute(named: "aria-current", value: "page")),
                        .element(
                            named: "svg",
                            nodes: [
                                .class("tab-icon"), .attribute(named: "viewBox", value: "0 0 24 24"),
                                .attribute(named: "aria-hidden", value: "true"), .attribute(named: "focusable", value: "false"),
                                .element(
                                    named: "path",
                                    nodes: [
                                        .attribute(
                                            named: "d",
                                            value:
                                                "M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.8V3a1.5 1.5 0 0 0-3 0v1.2A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"
                                        ),
                                        .attribute(named: "fill", value: "currentColor"),
                                    ]),
                            ]),
                        .span(.class("visually-hidden"), .text("Notifications")),
                        .span(
                            .class("bell-count"), .attribute(named: "data-bell-count", value: SiteURL.unreadNotifications.path),
                            .text(unreadText ?? session.unreadText))),
                    // The main sections: in the header on a wide screen, a tab bar along the
                    // bottom on a phone (one line of header, however many sections come).
                    .nav(
                        .class("tabs"), .attribute(named: "aria-label", value: "Main"),
                        .ul(.forEach(mainSections) { navItem($0.label, $0.url, active, icon: $0.icon) })
                    ),
                    // The rest behind "More": a <details>, so it opens without a script and
                    // with the keyboard.
                    .element(
                        named: "details",
                        nodes: [
                            .class("more-menu"),
                            .element(
                                named: "summary",
                                nodes: [
                                    .if(moreSections.contains { $0.url == active }, .class("current")), .text("More"),
                                ]),
                            .nav(
                                .attribute(named: "aria-label", value: "More"),
                                .ul(
                                    .forEach(moreSections) { navItem($0.label, $0.url, active) },
                                    .li(
                                        .form(
                                            .action(SiteURL.signOut.path), .method(.post), .class("inline"),
                                            .csrf(session.csrfToken),
                                            .button(.type(.submit), .class("link"), .text("Sign out"))
                                        ))
                                )
                            ),
                        ]),
                )
            }
        )
    }

    /// The header as text: `header(session:active:)` rendered once per section shown as current
    /// (and signed in or not) with a stand-in for the token, and each page's own token put in its
    /// place. Every page has this header, and Plot building and writing its thirty elements and
    /// five icons was a fifth of the library page's rendering. `PageLayoutTests` holds it to
    /// `header(session:active:)` byte for byte.
    static func headerHTML(session: PageSession?, active: SiteURL?) -> String {
        // Plot writes an empty value as a bare `value`: no token, no stand-in.
        if session?.csrfToken.isEmpty == true { return header(session: session, active: active).render() }
        let key = "\(session == nil ? "-" : "+")\(active?.path ?? "")"
        let parts =
            headers.withLock { $0[key] }
            ?? {
                let stand = session.map { _ in PageSession(displayName: "", csrfToken: tokenStandIn) }
                let text = header(session: stand, active: active, unreadText: unreadStandIn).render()
                let split = StandIn.split(text, at: tokenStandIn).map { [String($0.before), String($0.after)] } ?? [text]
                // A bound, should a page ever mark a book's own address current.
                headers.withLock { if $0.count < 64 { $0[key] = split } }
                return split
            }()
        guard let session else { return parts.joined() }
        return parts.joined(separator: Escape.attribute(session.csrfToken))
            .replacingOccurrences(of: unreadStandIn, with: session.unreadText)
    }

    /// Letters no header has otherwise, left as they are by attribute escaping.
    private static let tokenStandIn = "DogearCsrfTokenStandIn"
    private static let unreadStandIn = "DogearUnreadStandIn"
    private static let headers = HeaderCache()

    /// The rendered headers, by who is signed in and which section is current (a dozen at most).
    private final class HeaderCache: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [String: [String]] = [:]

        func withLock<T>(_ body: (inout [String: [String]]) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&parts)
        }
    }

    /// The tabs: what a reader goes to every day.
    /// Each with its icon's path (24 × 24), shown above the word in the phone's tab bar.
    static let mainSections: [(label: String, url: SiteURL, icon: String?)] = [
        ("Home", .home, "M3 11 12 3l9 8v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z"),
        ("Library", .library, "M4 3h4v18H4zM10 3h4v18h-4zM15.7 4.6l3.8-1 4.1 16.4-3.8 1z"),
        ("Lists", .lists, "M3 5h2v2H3zM7 5h14v2H7zM3 11h2v2H3zM7 11h14v2H7zM3 17h2v2H3zM7 17h14v2H7z"),
        (
            "Clubs", .clubs,
            "M8 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm8.5 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM1 20c0-3.9 3.1-7 7-7s7 3.1 7 7zm15 0c0-2.3-.8-4.3-2.2-5.8A5.5 5.5 0 0 1 23 19v1z"
        ),
        ("Add", .add, "M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z"),
    ]
    /// The menu: what a reader goes to now and then.
    static let moreSections: [(label: String, url: SiteURL)] = [
        ("Discover", .discover), ("Scan a shelf", .scan), ("Statistics", .stats), ("Goals", .goals), ("Import", .importFile),
        ("Export", .export), ("Profile", .profile),
    ]

    private static func navItem(_ label: String, _ url: SiteURL, _ active: SiteURL?, icon: String? = nil) -> Node<
        HTML.ListContext
    > {
        .li(
            .a(
                .href(url.path), .if(url == active, .attribute(named: "aria-current", value: "page")),
                .unwrap(icon) { path in
                    // Decoration only: the word beside it is the link's name.
                    .element(
                        named: "svg",
                        nodes: [
                            .class("tab-icon"), .attribute(named: "viewBox", value: "0 0 24 24"),
                            .attribute(named: "aria-hidden", value: "true"), .attribute(named: "focusable", value: "false"),
                            .element(
                                named: "path",
                                nodes: [.attribute(named: "d", value: path), .attribute(named: "fill", value: "currentColor")]),
                        ])
                },
                .text(label)))
    }
}

extension Node where Context == HTML.FormContext {
    /// The hidden field every state-changing form carries.
    static func csrf(_ token: String) -> Node {
        .input(.type(.hidden), .name("_csrf"), .userAttribute("value", token))
    }
}

extension Node where Context == HTML.FormContext {
    /// A form that keeps working offline (`Public/js/offline.js`): its change is kept on the device
    /// and sent later as this API write, through the batch with an `Idempotency-Key`.
    static func offline(_ write: APIPath) -> Node {
        .attribute(named: "data-offline", value: write.path)
    }
}
