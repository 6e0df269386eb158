import Plot

/// `/profile/feeds`: the secret addresses of the reader's feeds out (finished books and shared
/// reviews as Atom, the want-to-read shelf as Goodreads-shaped RSS), made, made again or revoked.
public enum FeedAddresses {
    public struct Model: Sendable, Equatable {
        public var finishedURL: String?
        public var wantToReadURL: String?
        public var session: PageSession

        public init(finishedURL: String?, wantToReadURL: String?, session: PageSession) {
            self.finishedURL = finishedURL
            self.wantToReadURL = wantToReadURL
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
                            .button(.type(.submit), .class("primary"), .text("Make the feed addresses"))))
                ))
        }
    }
}
