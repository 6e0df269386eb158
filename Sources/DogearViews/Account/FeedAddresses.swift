import Plot

/// `/profile/feeds`: the secret addresses of the reader's feeds out (finished books and shared
/// reviews as Atom, the want-to-read shelf as Goodreads-shaped RSS), made, made again or revoked;
/// and the calendar address of the reader's clubs' meetings and milestones (iCalendar).
public enum FeedAddresses {
    public struct Model: Sendable, Equatable {
        public var finishedURL: String?
        public var wantToReadURL: String?
        public var calendarURL: String?
        public var session: PageSession

        public init(finishedURL: String?, wantToReadURL: String?, calendarURL: String? = nil, session: PageSession) {
            self.finishedURL = finishedURL
            self.wantToReadURL = wantToReadURL
            self.calendarURL = calendarURL
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let csrf = model.session.csrfToken
            return PageLayout.page(
                title: "Feeds", session: model.session, csrfToken: csrf, active: .profile,
                .div(
                    .class("card narrow"),
                    .div(.class("page-head"), .h1("Feeds"), .a(.class("button"), .href(SiteURL.profile.path), "Profile")),
                    .p(
                        .text(
                            "A feed reader, a blog or a tool that reads Goodreads shelves can follow what you finish and review, "
                                + "and your want-to-read shelf. Anyone with these addresses can read them; books you marked "
                                + "private and notes you did not share with your clubs never appear.")),
                    .unwrap(
                        model.finishedURL,
                        { finished in
                            .group(
                                .h2("Finished books and reviews (Atom)"), .p(.class("token-secret"), .userText(finished)),
                                .h2("Want to read (RSS)"), .p(.class("token-secret"), .userText(model.wantToReadURL ?? "")),
                                .form(
                                    .action(SiteURL.feeds.path), .method(.post), .class("inline"), .csrf(csrf),
                                    .button(
                                        .type(.submit),
                                        .attribute(named: "data-confirm", value: "The old addresses stop working. Go on?"),
                                        .text("Make new addresses"))),
                                .form(
                                    .action(SiteURL.revokeFeeds.path), .method(.post), .class("inline"), .csrf(csrf),
                                    .button(.type(.submit), .class("danger"), .text("Revoke"))))
                        },
                        else: .form(
                            .action(SiteURL.feeds.path), .method(.post), .csrf(csrf),
                            .button(.type(.submit), .class("primary"), .text("Make the feed addresses")))),
                    calendar(model)
                ))
        }

        /// The clubs' calendar: its address, a subscribe link for calendar apps (webcal:), and
        /// the same make-again and revoke as the feeds.
        static func calendar(_ model: Model) -> Node<HTML.BodyContext> {
            let csrf = model.session.csrfToken
            return .section(
                .attribute(named: "aria-labelledby", value: "calendar-title"),
                .h2(.id("calendar-title"), "Club calendar"),
                .p(
                    .text(
                        "Your phone's or computer's calendar can subscribe to the meetings of every club you are in and "
                            + "your clubs' reading schedules. Anyone with the address can read it.")),
                .unwrap(
                    model.calendarURL,
                    { url in
                        .group(
                            .p(.class("token-secret"), .userText(url)),
                            .p(.a(.userAttribute("href", webcal(url)), .text("Subscribe in your calendar app"))),
                            .form(
                                .action(SiteURL.calendarFeed.path), .method(.post), .class("inline"), .csrf(csrf),
                                .button(
                                    .type(.submit),
                                    .attribute(named: "data-confirm", value: "The old address stops working. Go on?"),
                                    .text("Make a new calendar address"))),
                            .form(
                                .action(SiteURL.revokeCalendarFeed.path), .method(.post), .class("inline"), .csrf(csrf),
                                .button(.type(.submit), .class("danger"), .text("Revoke the calendar address"))))
                    },
                    else: .form(
                        .action(SiteURL.calendarFeed.path), .method(.post), .csrf(csrf),
                        .button(.type(.submit), .class("primary"), .text("Make the calendar address")))))
        }

        /// The same address with the `webcal:` scheme calendar apps open to subscribe.
        static func webcal(_ url: String) -> String {
            guard let colon = url.firstIndex(of: ":") else { return url }
            return "webcal" + url[colon...]
        }
    }
}
