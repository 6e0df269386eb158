import Foundation
import Plot

/// `/profile/devices`: e-readers. Make a login for KOReader's progress sync (its password shown
/// once), see and revoke them, and link each book file a device reported to a book of the
/// library, with a search box to find it (no script needed).
public enum Devices {
    public struct Login: Sendable, Equatable {
        public var id: UUID
        public var username: String
        public var lastUsed: String?

        public init(id: UUID, username: String, lastUsed: String?) {
            self.id = id
            self.username = username
            self.lastUsed = lastUsed
        }
    }

    /// A book of the library a document may be linked to.
    public typealias Choice = BookChoice

    public struct Document: Sendable, Equatable {
        public var name: String
        public var device: String
        /// "42%".
        public var percent: String
        public var lastSeen: String
        /// The linked book: its title and page.
        public var linked: Choice?
        public var suggestion: Choice?

        public init(name: String, device: String, percent: String, lastSeen: String, linked: Choice?, suggestion: Choice?) {
            self.name = name
            self.device = device
            self.percent = percent
            self.lastSeen = lastSeen
            self.linked = linked
            self.suggestion = suggestion
        }
    }

    public struct Model: Sendable, Equatable {
        public var logins: [Login]
        public var documents: [Document]
        /// The books the link forms offer (the search's, or the reader's latest).
        public var choices: [Choice]
        public var search: String
        /// `https://…/kosync`, what KOReader's "Custom sync server" takes.
        public var syncAddress: String
        /// The login just made, shown this once.
        public var newLogin: (username: String, password: String)?
        public var username = FieldState()
        public var session: PageSession

        public init(
            logins: [Login], documents: [Document], choices: [Choice], search: String, syncAddress: String,
            session: PageSession
        ) {
            self.logins = logins
            self.documents = documents
            self.choices = choices
            self.search = search
            self.syncAddress = syncAddress
            self.session = session
        }

        public static func == (lhs: Model, rhs: Model) -> Bool {
            lhs.logins == rhs.logins && lhs.documents == rhs.documents && lhs.choices == rhs.choices && lhs.search == rhs.search
                && lhs.syncAddress == rhs.syncAddress && lhs.newLogin?.username == rhs.newLogin?.username
                && lhs.newLogin?.password == rhs.newLogin?.password && lhs.username == rhs.username && lhs.session == rhs.session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let csrf = model.session.csrfToken
            return PageLayout.page(
                title: "E-readers", session: model.session, csrfToken: csrf, active: .profile,
                .group(
                    .div(.class("page-head"), .h1("E-readers"), .a(.class("button"), .href(SiteURL.profile.path), "Profile")),
                    .p(
                        .text(
                            "KOReader sends your place in a book here by itself. In KOReader: Tools → Progress sync → Custom sync server "
                        ),
                        .code(.userText(model.syncAddress)),
                        .text(", then Login with a device login made below.")),
                    .unwrap(model.newLogin) { login in
                        .section(
                            .class("card share-sheet"), .attribute(named: "aria-labelledby", value: "login-title"),
                            .h2(.id("login-title"), "Your new device login"),
                            .p("Enter these in KOReader now: the password is not shown again."),
                            .p(.text("Username: "), .strong(.userText(login.username))),
                            .p(.text("Password: "), .span(.class("token-secret"), .userText(login.password))))
                    },
                    loginsSection(model, csrf: csrf),
                    documentsSection(model, csrf: csrf)
                ))
        }

        private static func loginsSection(_ model: Model, csrf: String) -> Node<HTML.BodyContext> {
            .section(
                .class("card"), .id("logins"), .attribute(named: "aria-labelledby", value: "logins-title"),
                .h2(.id("logins-title"), "Device logins"),
                .form(
                    .action(SiteURL.devices.path), .method(.post), .csrf(csrf),
                    .field(
                        "Username", name: "username", state: model.username, required: true,
                        hint: "3 to 40 letters, digits, '.', '_' or '-', like “ann-kobo”"),
                    .button(.type(.submit), .class("primary"), .text("Make a device login"))),
                model.logins.isEmpty
                    ? .p(.class("empty"), "No device logins yet.")
                    : .ul(
                        .class("rows"),
                        .forEach(model.logins) { login in
                            .li(
                                .class("row"),
                                .div(
                                    .class("row-main"), .span(.class("title"), .userText(login.username)),
                                    .p(.class("meta"), .text(login.lastUsed.map { "last used \($0)" } ?? "never used"))),
                                .form(
                                    .action(SiteURL.revokeDevice(login.id).path), .method(.post), .class("inline"), .csrf(csrf),
                                    .button(
                                        .type(.submit), .class("danger"),
                                        .attribute(named: "data-confirm", value: "Revoke this device login?"),
                                        .userAttribute("aria-label", "Revoke \(login.username)"), .text("Revoke"))))
                        }))
        }

        private static func documentsSection(_ model: Model, csrf: String) -> Node<HTML.BodyContext> {
            .section(
                .class("card"), .id("documents"), .attribute(named: "aria-labelledby", value: "documents-title"),
                .h2(.id("documents-title"), "Books your devices reported"),
                .p("A book file moves a book of yours once it is linked: its page, its reading sessions and its finish."),
                .form(
                    .action(SiteURL.devices.with(fragment: "documents")), .method(.get),
                    .attribute(named: "role", value: "search"),
                    .field("Find a book to link", name: "q", type: .search, state: FieldState(model.search)),
                    .button(.type(.submit), .text("Search"))),
                model.documents.isEmpty
                    ? .p(.class("empty"), "No device has reported a book yet.")
                    : .ul(
                        .class("rows"),
                        .forEach(Array(model.documents.enumerated())) { item in
                            documentRow(item.element, index: item.offset, choices: model.choices, csrf: csrf)
                        }))
        }

        private static func documentRow(_ document: Document, index: Int, choices: [Choice], csrf: String) -> Node<
            HTML.ListContext
        > {
            .li(
                .class("row"),
                .div(
                    .class("row-main"),
                    .span(.class("title"), .userText(document.linked?.title ?? "Not linked")),
                    .p(
                        .class("meta"), .text("\(document.percent) on "), .userText(document.device),
                        .text(" · last seen \(document.lastSeen) · file "), .code(.userText(String(document.name.prefix(12)))))),
                .if(
                    document.linked != nil,
                    .form(
                        .userAttribute("action", SiteURL.unlinkDocument(document.name).path), .method(.post), .class("inline"),
                        .csrf(csrf), .button(.type(.submit), .text("Unlink"))),
                    else: linkForm(document, index: index, choices: choices, csrf: csrf)))
        }

        private static func linkForm(_ document: Document, index: Int, choices: [Choice], csrf: String) -> Node<HTML.BodyContext>
        {
            var offered = choices
            if let suggestion = document.suggestion, !offered.contains(suggestion) { offered.insert(suggestion, at: 0) }
            let id = "link-\(index)"
            guard !offered.isEmpty else { return .p(.class("meta"), "Search for a book above to link this file.") }
            return .form(
                .userAttribute("action", SiteURL.linkDocument(document.name).path), .method(.post), .class("inline"), .csrf(csrf),
                .label(.for(id), .text("Book")),
                .select(
                    .id(id), .attribute(named: "name", value: "entryId"),
                    .forEach(offered) { choice in
                        .element(
                            named: "option",
                            nodes: [
                                .userAttribute("value", choice.entryID.uuidString),
                                .if(choice == document.suggestion, .attribute(named: "selected", value: "selected")),
                                .userText(choice == document.suggestion ? "\(choice.title) (suggested)" : choice.title),
                            ])
                    }),
                .button(.type(.submit), .class("primary"), .text("Link")))
        }
    }
}
