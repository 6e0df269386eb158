import DogearCore
import Plot

/// `/profile`: the reader's name, email, time zone (the day "today" is, for dates and greetings) and
/// the genres they like.
public enum Profile {
    public struct Model: Sendable, Equatable {
        public var email: FieldState
        public var displayName: FieldState
        public var timeZone: FieldState
        /// The genres the reader likes (discovery starts from them): starters ticked, others typed.
        public var ticked: Set<String> = []
        public var otherGenres = FieldState()
        /// Asked when the email changes (never shown back).
        public var currentPassword = FieldState()
        public var saved: Bool
        public var session: PageSession

        public init(email: FieldState, displayName: FieldState, timeZone: FieldState, saved: Bool = false, session: PageSession) {
            self.email = email
            self.displayName = displayName
            self.timeZone = timeZone
            self.saved = saved
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Profile", session: model.session, csrfToken: model.session.csrfToken, active: .profile,
                .div(
                    .class("card narrow"),
                    .h1("Profile"),
                    .p(
                        .a(.href(SiteURL.security.path), "Password and signed-in devices"), " · ",
                        .a(.href(SiteURL.appTokens.path), "Tokens for apps"), " · ",
                        .a(.href(SiteURL.devices.path), "E-readers"), " · ",
                        .a(.href(SiteURL.feeds.path), "Feeds"), " · ",
                        .a(.href(SiteURL.deleteAccount.path), "Delete your account")),
                    .if(model.saved, .p(.class("saved"), .attribute(named: "role", value: "status"), "Saved.")),
                    .form(
                        .action(SiteURL.profile.path), .method(.post),
                        .csrf(model.session.csrfToken),
                        .field("Your name", name: "displayName", state: model.displayName, required: true, autocomplete: "name"),
                        .field("Email", name: "email", type: .email, state: model.email, required: true, autocomplete: "email"),
                        .timeZoneField(model.timeZone, hint: "It decides which day “today” is"),
                        .genreFields(ticked: model.ticked, other: model.otherGenres),
                        .field(
                            "Current password", name: "currentPassword", type: .password, state: model.currentPassword,
                            autocomplete: "current-password",
                            hint: "Only to change your email: it signs you out everywhere else"),
                        .button(.type(.submit), .class("primary"), .text("Save"))
                    )
                ))
        }
    }
}
