import Plot
import Testing

@testable import DogearViews

/// Every page's header is written from a rendering kept per section (`PageLayout.headerHTML`), with
/// the page's own token put in: it must be the header Plot writes for that page, byte for byte.
@Suite("Page layout: the kept header is Plot's header")
struct PageLayoutTests {
    @Test("each section current or none, signed in with any token or not")
    func header() {
        let sections: [SiteURL?] = [
            nil, .home, .library, .lists, .clubs, .add, .discover, .scan, .stats, .goals, .importFile, .export, .profile,
        ]
        let sessions: [PageSession?] = [
            nil, PageSession(displayName: "Ann", csrfToken: "abc123"),
            PageSession(displayName: "Bob", csrfToken: "a\"b<c>&'d"), PageSession(displayName: "Cy", csrfToken: ""),
            PageSession(displayName: "Di", csrfToken: "xyz", unreadNotifications: 12),
        ]
        for active in sections {
            for session in sessions {
                // Twice: the first renders and keeps it, the second reads what was kept.
                for _ in 0..<2 {
                    #expect(
                        PageLayout.headerHTML(session: session, active: active)
                            == PageLayout.header(session: session, active: active).render(),
                        "\(String(describing: active)), \(String(describing: session))")
                }
            }
        }
        let page = PageLayout.page(
            title: "Library", session: sessions[2], csrfToken: "t", active: .library, .p("body")
        ).render()
        #expect(page.contains("name=\"_csrf\" value=\"\(Escape.attribute("a\"b<c>&'d"))\""))
        #expect(page.contains("aria-current=\"page\""))
        let withUnread = PageLayout.headerHTML(session: sessions[4], active: .home)
        #expect(withUnread.contains("<span class=\"bell-count\" data-bell-count=\"/notifications/unread\">12</span>"))
        #expect(
            PageLayout.headerHTML(session: sessions[1], active: .home).contains(
                "data-bell-count=\"/notifications/unread\"></span>"))
    }
}
