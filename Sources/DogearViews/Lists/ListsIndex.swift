import Foundation
import Plot

/// `/lists`: the reader's lists — the defaults first, then their own, then the ones they saved —
/// a "have a code?" box, and a link to make a new list.
public enum ListsIndex {
    public struct Summary: Sendable, Equatable {
        public var id: String
        public var name: String
        public var itemCount: Int
        public var isPublic: Bool
        /// For a saved list: whose it is.
        public var ownerName: String?

        public init(id: String, name: String, itemCount: Int, isPublic: Bool, ownerName: String? = nil) {
            self.id = id
            self.name = name
            self.itemCount = itemCount
            self.isPublic = isPublic
            self.ownerName = ownerName
        }
    }

    public struct Model: Sendable, Equatable {
        public var defaults: [Summary]
        public var custom: [Summary]
        public var saved: [Summary]
        /// What was typed in the code box, and why it opened nothing.
        public var code: FieldState
        public var session: PageSession

        public init(
            defaults: [Summary], custom: [Summary], saved: [Summary], code: FieldState = FieldState(), session: PageSession
        ) {
            self.defaults = defaults
            self.custom = custom
            self.saved = saved
            self.code = code
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Lists", session: model.session, csrfToken: model.session.csrfToken, active: .lists,
                .group(
                    .div(
                        .class("page-head"), .h1("Your lists"),
                        .a(.class("button primary-link"), .href(SiteURL.newList.path), "New list")),
                    section("Always here", id: "default-lists", model.defaults, empty: nil),
                    section(
                        "Your lists", id: "custom-lists", model.custom,
                        empty: "No lists of your own yet: make one for a season, a mood, a person."),
                    section(
                        "Saved from others", id: "saved-lists", model.saved,
                        empty: "Lists others shared with you appear here once saved."),
                    .div(
                        .class("card narrow"),
                        .h2("Have a code?"),
                        .form(
                            .action(SiteURL.openCode.path), .method(.get),
                            .field(
                                "Share code", name: "code", state: model.code, required: true,
                                hint: "Six letters and digits; any case",
                                extra: [.attribute(named: "autocapitalize", value: "characters")]),
                            .button(.type(.submit), .class("primary"), .text("Open the list"))
                        ))
                ))
        }

        static func section(_ title: String, id: String, _ lists: [Summary], empty: String?) -> Node<HTML.BodyContext> {
            .section(
                .id(id), .attribute(named: "aria-labelledby", value: "\(id)-title"),
                .h2(.id("\(id)-title"), .text(title)),
                lists.isEmpty
                    ? .unwrap(empty) { .p(.class("empty"), .text($0)) }
                    : .ul(
                        .class("list-cards"),
                        .forEach(lists) { list in
                            .li(
                                .class("card list-card"),
                                .a(.href(SiteURL.list(list.id).path), .class("title"), .userText(list.name)),
                                .p(
                                    .class("meta"),
                                    .text(Figures.count(list.itemCount, "book")),
                                    .unwrap(list.ownerName) { .group(.text(" · by "), .userText($0)) },
                                    .if(list.isPublic && list.ownerName == nil, .text(" · shared")))
                            )
                        })
            )
        }
    }
}
