import Plot

/// `/unsubscribe/{secret}`: the digest's one-click unsubscribe, reached from the mail without
/// signing in (the secret is the permission). Opening it asks; the button (or a mail program's
/// one-click POST) turns every kind's email off.
public enum UnsubscribePage {
    public static func render(path: String, done: Bool) -> HTML {
        PageLayout.page(
            title: "Digest emails", session: nil, csrfToken: "",
            .div(
                .class("card narrow"),
                .h1("Digest emails"),
                done
                    ? .group(
                        .p(
                            .class("saved"), .attribute(named: "role", value: "status"),
                            "Done: Dogear sends you no more digest emails."),
                        .p(
                            .text("Everything still comes to your notifications. To choose again, sign in and open "),
                            .a(.href(SiteURL.notificationSettings.path), "Notification settings"), .text(".")))
                    : .group(
                        .p("Stop every digest email Dogear sends you?"),
                        .form(
                            .action(path), .method(.post),
                            .button(.type(.submit), .class("primary"), .text("Stop digest emails"))))
            ))
    }
}
