import Foundation
import Plot

/// `/profile/tokens`: tokens for apps and scripts — make one (name, read or read-and-write,
/// optional expiry; its secret shown once, right after), see them, revoke any.
public enum AppTokens {
    public struct Token: Sendable, Equatable {
        public var id: UUID
        public var name: String
        /// "Read only", "Read and write".
        public var access: String
        public var lastUsed: String?
        public var expires: String?

        public init(id: UUID, name: String, access: String, lastUsed: String?, expires: String?) {
            self.id = id
            self.name = name
            self.access = access
            self.lastUsed = lastUsed
            self.expires = expires
        }
    }

    public struct Model: Sendable, Equatable {
        public var tokens: [Token]
        /// The token just made, shown this once.
        public var newSecret: String?
        public var name = FieldState()
        public var expiresInDays = FieldState()
        public var session: PageSession

        public init(tokens: [Token], newSecret: String? = nil, session: PageSession) {
            self.tokens = tokens
            self.newSecret = newSecret
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let csrf = model.session.csrfToken
            return PageLayout.page(
                title: "Tokens for apps", session: model.session, csrfToken: csrf, active: .profile,
                .group(
                    .div(
                        .class("page-head"), .h1("Tokens for apps"), .a(.class("button"), .href(SiteURL.profile.path), "Profile")),
                    .p(
                        .text(
                            "For an app or a script that reads or keeps your library in step: it sends the token as "
                                + "“Authorization: Bearer …”. A token never changes your password, email, sessions or tokens.")),
                    .unwrap(model.newSecret) { secret in
                        .section(
                            .class("card share-sheet"), .attribute(named: "aria-labelledby", value: "secret-title"),
                            .h2(.id("secret-title"), "Your new token"),
                            .p("Copy it now: it is not shown again."),
                            .p(.class("token-secret"), .userText(secret)),
                            .button(
                                .type(.button), .attribute(named: "hidden"), .userAttribute("data-copy", secret), .text("Copy")))
                    },
                    .section(
                        .class("card narrow"), .attribute(named: "aria-labelledby", value: "new-token-title"),
                        .h2(.id("new-token-title"), "Make a token"),
                        .form(
                            .action(SiteURL.appTokens.path), .method(.post), .csrf(csrf),
                            .field(
                                "Name", name: "name", state: model.name, required: true, hint: "What it is for, like “Kobo sync”"),
                            .element(
                                named: "fieldset",
                                nodes: [
                                    .class("field"),
                                    .element(named: "legend", nodes: [.text("Access")]),
                                    .label(
                                        .class("check"),
                                        .input(
                                            .type(.radio), .name("scope"), .value("read"),
                                            .attribute(named: "checked", value: "checked")),
                                        .text("Read only")),
                                    .label(
                                        .class("check"), .input(.type(.radio), .name("scope"), .value("write")),
                                        .text("Read and write")),
                                ]),
                            .field(
                                "Expires after (days)", name: "expiresInDays", type: .number, state: model.expiresInDays,
                                hint: "Optional; empty for never",
                                extra: [.attribute(named: "min", value: "1"), .attribute(named: "max", value: "3650")]),
                            .button(.type(.submit), .class("primary"), .text("Make the token")))),
                    .section(
                        .class("card"), .id("tokens"), .attribute(named: "aria-labelledby", value: "tokens-title"),
                        .h2(.id("tokens-title"), "Your tokens"),
                        model.tokens.isEmpty
                            ? .p(.class("empty"), "No tokens yet.")
                            : .ul(
                                .class("rows"),
                                .forEach(model.tokens) { token in
                                    .li(
                                        .class("row"),
                                        .div(
                                            .class("row-main"),
                                            .span(.class("title"), .userText(token.name)),
                                            .p(
                                                .class("meta"), .text(token.access),
                                                .text(" · " + (token.lastUsed.map { "last used \($0)" } ?? "never used")),
                                                .text(" · " + (token.expires.map { "expires \($0)" } ?? "does not expire")))),
                                        .form(
                                            .action(SiteURL.revokeAppToken(token.id).path), .method(.post), .class("inline"),
                                            .csrf(csrf),
                                            .button(
                                                .type(.submit), .class("danger"),
                                                .attribute(named: "data-confirm", value: "Revoke this token?"),
                                                .userAttribute("aria-label", "Revoke \(token.name)"), .text("Revoke"))))
                                })
                    )
                ))
        }
    }
}
