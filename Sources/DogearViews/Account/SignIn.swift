import Plot

/// `/signin`: what Dogear is, for someone who has never seen it (the signed-out `/` comes here),
/// and email and password. A failed attempt comes back with the email kept.
public enum SignIn {
    public struct Model: Sendable, Equatable {
        public var email: FieldState
        /// Why signing in failed, said once for the form (never which of the two was wrong).
        public var error: String?
        /// What just happened, said above the form: "Your account was deleted."
        public var notice: String?
        public var csrfToken: String
        /// Sign in with Apple or Google, when set up.
        public var providers: [ProviderButton] = []

        public init(email: FieldState = FieldState(), error: String? = nil, notice: String? = nil, csrfToken: String) {
            self.email = email
            self.error = error
            self.notice = notice
            self.csrfToken = csrfToken
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Sign in", session: nil, csrfToken: model.csrfToken,
                // Where signing out (and an ended session) lands: the page's script empties the
                // pages kept for offline and takes back this browser's push subscription.
                head: .group(.providerHead(model.providers), .meta(.name("dogear-signed-out"), .content("true"))),
                .group(
                    landing(),
                    signInCard(model)))
        }

        /// A few lines on what Dogear does, and the way in for someone new.
        static func landing() -> Node<HTML.BodyContext> {
            .section(
                .class("landing narrow"), .attribute(named: "aria-labelledby", value: "landing-title"),
                .h1(.id("landing-title"), "Dogear"),
                .p(
                    .class("lead"),
                    "Keep track of what you read, where you are in it, and the clubs you read with, on a server of your own."),
                .ul(
                    .class("landing-points"),
                    .li("Log today's page in one step from Home; see your pace and when you will finish."),
                    .li("Bring your history from Goodreads or The StoryGraph, and take it with you any time."),
                    .li("Read together: a club's book, its schedule, and talk that hides spoilers until you get there."),
                    .li("Statistics and a year in books, counted from your own reading.")),
                .p(.a(.class("button primary-link"), .href(SiteURL.signUp.path), "Create an account")))
        }

        static func signInCard(_ model: Model) -> Node<HTML.BodyContext> {
            .div(
                .class("card narrow"),
                .h2("Sign in"),
                .unwrap(model.notice) { .p(.class("saved"), .attribute(named: "role", value: "status"), .userText($0)) },
                .unwrap(model.error) { .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0)) },
                .providerButtons(model.providers),
                .form(
                    .action(SiteURL.signIn.path), .method(.post),
                    .csrf(model.csrfToken),
                    .field("Email", name: "email", type: .email, state: model.email, required: true, autocomplete: "email"),
                    .field("Password", name: "password", type: .password, required: true, autocomplete: "current-password"),
                    .button(.type(.submit), .class("primary"), .text("Sign in"))
                ),
                .p(.a(.href(SiteURL.forgotPassword.path), "Forgot your password?")),
                .p("New here? ", .a(.href(SiteURL.signUp.path), "Create an account"))
            )
        }
    }
}

/// `/signup`: email, name and password, each with its own message when it is wrong.
public enum SignUp {
    public struct Model: Sendable, Equatable {
        public var email: FieldState
        public var displayName: FieldState
        public var password: FieldState
        public var error: String?
        public var csrfToken: String
        /// Sign up with Apple or Google, when set up.
        public var providers: [ProviderButton] = []

        public init(
            email: FieldState = FieldState(), displayName: FieldState = FieldState(), password: FieldState = FieldState(),
            error: String? = nil, csrfToken: String
        ) {
            self.email = email
            self.displayName = displayName
            self.password = password
            self.error = error
            self.csrfToken = csrfToken
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Create an account", session: nil, csrfToken: model.csrfToken, head: .providerHead(model.providers),
                .div(
                    .class("card narrow"),
                    .h1("Create an account"),
                    .unwrap(model.error) { .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0)) },
                    .providerButtons(model.providers),
                    .form(
                        .action(SiteURL.signUp.path), .method(.post),
                        .csrf(model.csrfToken),
                        .field("Email", name: "email", type: .email, state: model.email, required: true, autocomplete: "email"),
                        .field("Your name", name: "displayName", state: model.displayName, required: true, autocomplete: "name"),
                        .field(
                            "Password", name: "password", type: .password, state: model.password, required: true,
                            autocomplete: "new-password", hint: "At least 8 characters"),
                        .button(.type(.submit), .class("primary"), .text("Create account"))
                    ),
                    .p("Already have an account? ", .a(.href(SiteURL.signIn.path), "Sign in"))
                ))
        }
    }
}
