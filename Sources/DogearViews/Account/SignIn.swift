import Plot

/// `/signin`: email and password. A failed attempt comes back with the email kept.
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
                title: "Sign in", session: nil, csrfToken: model.csrfToken, head: .providerHead(model.providers),
                .div(
                    .class("card narrow"),
                    .h1("Sign in"),
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
                ))
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
