import Plot

/// `/forgot-password`: asking for a reset link. The answer never says whether the address has an
/// account; without mail the page says whom to ask instead.
public enum ForgotPassword {
    public struct Model: Sendable, Equatable {
        public var email: FieldState
        /// The form was sent: say the link is on its way (if the address has an account).
        public var asked: Bool
        /// This server sends mail (SMTP is set).
        public var sendsMail: Bool
        public var error: String?
        public var csrfToken: String

        public init(
            email: FieldState = FieldState(), asked: Bool = false, sendsMail: Bool, error: String? = nil, csrfToken: String
        ) {
            self.email = email
            self.asked = asked
            self.sendsMail = sendsMail
            self.error = error
            self.csrfToken = csrfToken
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Forgot your password?", session: nil, csrfToken: model.csrfToken,
                .div(
                    .class("card narrow"),
                    .h1("Forgot your password?"),
                    .if(
                        model.asked,
                        .p(
                            .class("saved"), .attribute(named: "role", value: "status"),
                            .text(
                                model.sendsMail
                                    ? "If an account has this email, a link to choose a new password is on its way. It works once, for an hour."
                                    : "This server does not send mail. Ask whoever runs it for a reset link: they can make one for you."
                            ))),
                    .unwrap(model.error) { .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0)) },
                    .if(
                        !model.asked,
                        .group(
                            .p(
                                .text(
                                    model.sendsMail
                                        ? "Enter your account's email and we will send you a link to choose a new password."
                                        : "This server does not send mail: whoever runs it can make you a reset link.")),
                            .form(
                                .action(SiteURL.forgotPassword.path), .method(.post), .csrf(model.csrfToken),
                                .field(
                                    "Email", name: "email", type: .email, state: model.email, required: true,
                                    autocomplete: "email"),
                                .button(.type(.submit), .class("primary"), .text("Send me a link"))))),
                    .p(.a(.href(SiteURL.signIn.path), "Back to sign in"))
                ))
        }
    }
}

/// `/reset-password/{token}`: choosing a new password with a link's token.
public enum ResetPassword {
    public struct Model: Sendable, Equatable {
        public var token: String
        public var newPassword = FieldState()
        /// The link has expired or was used: say so and offer a new one instead of the form.
        public var linkWorks: Bool
        public var csrfToken: String

        public init(token: String, linkWorks: Bool, csrfToken: String) {
            self.token = token
            self.linkWorks = linkWorks
            self.csrfToken = csrfToken
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Choose a new password", session: nil, csrfToken: model.csrfToken,
                .div(
                    .class("card narrow"),
                    .h1("Choose a new password"),
                    .if(
                        model.linkWorks,
                        .form(
                            .action(SiteURL.resetPassword(model.token).path), .method(.post), .csrf(model.csrfToken),
                            .field(
                                "New password", name: "newPassword", type: .password, state: model.newPassword, required: true,
                                autocomplete: "new-password", hint: "At least 8 characters; you are signed out everywhere"),
                            .button(.type(.submit), .class("primary"), .text("Set the new password"))),
                        else: .group(
                            .p(
                                .class("form-error"), .attribute(named: "role", value: "alert"),
                                "This link has expired or was already used."),
                            .p(.a(.href(SiteURL.forgotPassword.path), "Ask for a new link"))))
                ))
        }
    }
}
