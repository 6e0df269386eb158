import Plot

/// `/profile/delete`: deleting the account, after the password. The export comes first on the
/// page, since nothing can be brought back afterwards.
public enum DeleteAccount {
    /// A club the reader owns, and what happens to it: "passes to Bob", "is deleted (you are its only member)".
    public struct OwnedClub: Sendable, Equatable {
        public var name: String
        public var fate: String

        public init(name: String, fate: String) {
            self.name = name
            self.fate = fate
        }
    }

    public struct Model: Sendable, Equatable {
        public var currentPassword = FieldState()
        public var ownedClubs: [OwnedClub]
        public var session: PageSession
        /// False for an account made by Apple or Google sign-in: it confirms with `providers` instead.
        public var hasPassword = true
        public var providers: [ProviderButton] = []

        public init(ownedClubs: [OwnedClub], session: PageSession) {
            self.ownedClubs = ownedClubs
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let csrf = model.session.csrfToken
            return PageLayout.page(
                title: "Delete your account", session: model.session, csrfToken: csrf, active: .profile,
                head: .providerHead(model.hasPassword ? [] : model.providers),
                .group(
                    .div(
                        .class("page-head"), .h1("Delete your account"),
                        .a(.class("button"), .href(SiteURL.profile.path), "Profile")),
                    .section(
                        .class("card narrow"), .attribute(named: "aria-labelledby", value: "keep-title"),
                        .h2(.id("keep-title"), "First, take your library with you"),
                        .p(
                            "Download it before you go: deleting cannot be undone. ",
                            .a(.href(SiteURL.export.path), "Export your library"),
                            " as a Goodreads or StoryGraph file or a complete Dogear backup.")),
                    .section(
                        .class("card narrow"), .attribute(named: "aria-labelledby", value: "delete-title"),
                        .h2(.id("delete-title"), "What goes"),
                        .p(
                            "Your books, notes, quotes, reading sessions, tags, lists (and other readers' saves of them), ",
                            "your club comments, proposals and votes, your tokens for apps and your uploads. ",
                            "Book facts in the shared catalog stay, and so do other readers' replies to you."),
                        .if(
                            !model.ownedClubs.isEmpty,
                            .ul(
                                .class("rows"),
                                .forEach(model.ownedClubs) { club in
                                    .li(.class("row"), .userText("Your club \(club.name) \(club.fate)."))
                                })),
                        model.hasPassword
                            ? .form(
                                .action(SiteURL.deleteAccount.path), .method(.post), .csrf(csrf),
                                .field(
                                    "Your password", name: "currentPassword", type: .password, state: model.currentPassword,
                                    required: true, autocomplete: "current-password", hint: "To be sure it is you"),
                                .button(
                                    .type(.submit), .class("danger"),
                                    .attribute(
                                        named: "data-confirm", value: "Delete your account and everything in it for good?"),
                                    .text("Delete my account for good")))
                            : .group(
                                model.providers.isEmpty
                                    ? .p(
                                        "This account has no password, and its sign-in provider is not set up here any more: ",
                                        .a(.href(SiteURL.forgotPassword.path), "set a password"), " first, then come back.")
                                    : .p("This account has no password: sign in with it again below, and it is deleted at once."),
                                .providerButtons(model.providers, orEmail: false)))
                ))
        }
    }
}
