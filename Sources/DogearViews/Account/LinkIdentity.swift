import Plot

/// `/auth/link/{token}`: an Apple or Google sign-in whose email already has an account. Its password,
/// once, links the two; after that the provider alone signs the reader in.
public enum LinkIdentity {
    public struct Model: Sendable, Equatable {
        public var token: String
        /// "Apple" or "Google".
        public var provider: String
        public var email: String
        public var password = FieldState()
        /// The link has expired or was used: say so instead of the form.
        public var linkWorks: Bool
        public var csrfToken: String

        public init(token: String, provider: String, email: String, linkWorks: Bool, csrfToken: String) {
            self.token = token
            self.provider = provider
            self.email = email
            self.linkWorks = linkWorks
            self.csrfToken = csrfToken
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Link your account", session: nil, csrfToken: model.csrfToken,
                .div(
                    .class("card narrow"),
                    .h1("Link your account"),
                    .if(
                        model.linkWorks,
                        .group(
                            .p(
                                .userText(
                                    "\(model.email) already has a Dogear account. Enter its password once to sign in with \(model.provider) from now on."
                                )),
                            .form(
                                .action(SiteURL.linkIdentity(model.token).path), .method(.post), .csrf(model.csrfToken),
                                .field(
                                    "Password", name: "password", type: .password, state: model.password, required: true,
                                    autocomplete: "current-password"),
                                .button(.type(.submit), .class("primary"), .userText("Link \(model.provider) and sign in")))),
                        else: .group(
                            .p(
                                .class("form-error"), .attribute(named: "role", value: "alert"),
                                "This link has expired. Sign in with Apple or Google again."),
                            .p(.a(.href(SiteURL.signIn.path), "Back to sign in")))),
                    .p(.a(.href(SiteURL.forgotPassword.path), "Forgot your password?"))
                ))
        }
    }
}
