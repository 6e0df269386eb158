import DogearCore
import Plot

/// `/welcome`: the first-run page after sign-up. The name, the time zone (the page's script fills in
/// the browser's own when the field still says UTC), favourite genres (they seed discovery), and an
/// offer to bring a library in from Goodreads or The StoryGraph. Skipping is fine; either way the
/// page is not shown again.
public enum Welcome {
    public struct Model: Sendable, Equatable {
        public var displayName: FieldState
        public var timeZone: FieldState
        public var ticked: Set<String>
        public var otherGenres: FieldState
        public var error: String?
        public var session: PageSession

        public init(
            displayName: FieldState, timeZone: FieldState, ticked: Set<String> = [], otherGenres: FieldState = FieldState(),
            session: PageSession
        ) {
            self.displayName = displayName
            self.timeZone = timeZone
            self.ticked = ticked
            self.otherGenres = otherGenres
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let csrf = model.session.csrfToken
            return PageLayout.page(
                title: "Welcome", session: model.session, csrfToken: csrf, active: .home,
                .div(
                    .class("card narrow"),
                    .h1("Welcome to Dogear"),
                    .p("Three things to make it yours. Everything here can be changed later on your profile."),
                    .unwrap(model.error) { .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0)) },
                    .form(
                        .action(SiteURL.welcome.path), .method(.post), .csrf(csrf),
                        .field("Your name", name: "displayName", state: model.displayName, required: true, autocomplete: "name"),
                        .timeZoneField(
                            model.timeZone, hint: "It decides which day “today” is for your reading", browserDefault: true),
                        .genreFields(ticked: model.ticked, other: model.otherGenres),
                        .div(
                            .class("actions"),
                            .button(.type(.submit), .class("primary"), .name("next"), .value("home"), .text("Start reading")),
                            .button(
                                .type(.submit), .name("next"), .value("import"),
                                .text("Save, then bring in my Goodreads or StoryGraph library")))),
                    .form(
                        .action(SiteURL.welcome.path), .method(.post), .csrf(csrf),
                        .input(.type(.hidden), .name("skip"), .value("1")),
                        .button(.type(.submit), .class("link"), .text("Skip for now")))
                ))
        }
    }
}
