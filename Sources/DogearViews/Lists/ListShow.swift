import Foundation
import Plot

/// `/lists/{id}` and `/l/{code}`: a list's books in order. The owner of a custom list moves books
/// up and down (buttons that work without a script), takes them off, edits the list and shares it
/// (the code in large type, and a link); another reader saves or copies it.
public enum ListShow {
    public struct Item: Sendable, Equatable {
        public var id: UUID
        public var title: String
        public var authors: [String]
        public var coverUrl: String?
        public var note: String?
        /// The reader's own entry for this book, for a link to it.
        public var entryID: UUID?

        public init(id: UUID, title: String, authors: [String], coverUrl: String?, note: String?, entryID: UUID?) {
            self.id = id
            self.title = title
            self.authors = authors
            self.coverUrl = coverUrl
            self.note = note
            self.entryID = entryID
        }
    }

    public struct Model: Sendable, Equatable {
        public var id: String
        public var name: String
        public var description: String?
        public var isDefault: Bool
        public var isOwner: Bool
        public var isPublic: Bool
        public var ownerName: String
        public var saved: Bool
        /// What a press just did ("Added “Piranesi”."), said at the top.
        public var notice: String?
        /// The owner's share code, and the full link to the list by it.
        public var shareCode: String?
        public var shareLink: String?
        public var items: [Item]
        public var nextCursor: String?
        public var session: PageSession

        public init(
            id: String, name: String, description: String?, isDefault: Bool, isOwner: Bool, isPublic: Bool, ownerName: String,
            saved: Bool, shareCode: String?, shareLink: String?, items: [Item], nextCursor: String?, session: PageSession
        ) {
            self.id = id
            self.name = name
            self.description = description
            self.isDefault = isDefault
            self.isOwner = isOwner
            self.isPublic = isPublic
            self.ownerName = ownerName
            self.saved = saved
            self.shareCode = shareCode
            self.shareLink = shareLink
            self.items = items
            self.nextCursor = nextCursor
            self.session = session
        }

        var canArrange: Bool { isOwner && !isDefault }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let csrf = model.session.csrfToken
            return PageLayout.page(
                title: model.name, session: model.session, csrfToken: csrf, active: .lists,
                .group(
                    .div(
                        .class("page-head"),
                        .h1(.userText(model.name)),
                        .if(model.canArrange, .a(.class("button"), .href(SiteURL.editList(model.id).path), "Edit"))),
                    .unwrap(model.notice) { .p(.class("saved"), .attribute(named: "role", value: "status"), .userText($0)) },
                    .unwrap(model.description) { .p(.class("list-description"), .userText($0)) },
                    .if(!model.isOwner, .p(.class("meta"), .text("A list by "), .userText(model.ownerName))),
                    .if(model.isDefault, .p(.class("meta"), "Follows your library: it changes as your books do.")),
                    sharing(model),
                    model.items.isEmpty
                        ? .p(
                            .class("empty"),
                            .text(
                                model.canArrange
                                    ? "No books yet: add one from a book's page with “Add to list”." : "No books here yet."))
                        : .ol(
                            .class("list-items"), .id("list-items"),
                            .attribute(named: "data-reorder", value: model.canArrange ? "true" : nil),
                            .forEach(model.items.enumerated()) { index, item in
                                row(item, index: index, count: model.items.count, model: model)
                            }),
                    .unwrap(model.nextCursor) { cursor in
                        .a(
                            .class("more"), .href(SiteURL.list(model.id).with(query: [("cursor", cursor)])),
                            "More books")
                    }
                ))
        }

        static func row(_ item: Item, index: Int, count: Int, model: Model) -> Node<HTML.ListContext> {
            let csrf = model.session.csrfToken
            return .li(
                .class("row list-item"), .attribute(named: "data-item", value: item.id.uuidString),
                .attribute(named: "data-move", value: model.canArrange ? SiteURL.moveListItem(model.id, item.id).path : nil),
                // The drag handle, for a mouse or a finger (the script); the keyboard has Up and Down.
                .if(model.canArrange, .span(.class("drag-handle"), .attribute(named: "aria-hidden", value: "true"), "⠿")),
                .cover(item.coverUrl, title: item.title),
                .div(
                    .class("row-main"),
                    item.entryID.map { entry in
                        Node<HTML.BodyContext>.a(.href(SiteURL.book(entry).path), .class("title"), .userText(item.title))
                    } ?? .span(.class("title"), .userText(item.title)),
                    .authorsLine(item.authors),
                    .unwrap(item.note) { .p(.class("item-note"), .userText($0)) }
                ),
                .if(
                    model.canArrange,
                    .div(
                        .class("row-actions"),
                        moveButton("Up", label: "Move \(item.title) up", to: index - 1, disabled: index == 0, item, model, csrf),
                        moveButton(
                            "Down", label: "Move \(item.title) down", to: index + 1, disabled: index == count - 1, item, model,
                            csrf),
                        .form(
                            .action(SiteURL.removeListItem(model.id, item.id).path), .method(.post), .class("inline"),
                            .csrf(csrf),
                            .button(
                                .type(.submit), .class("danger"), .userAttribute("aria-label", "Take \(item.title) off the list"),
                                .text("Remove")))
                    ))
            )
        }

        static func moveButton(
            _ text: String, label: String, to index: Int, disabled: Bool, _ item: Item, _ model: Model, _ csrf: String
        ) -> Node<HTML.BodyContext> {
            .form(
                .action(SiteURL.moveListItem(model.id, item.id).path), .method(.post), .class("inline"),
                .csrf(csrf),
                .input(.type(.hidden), .name("to"), .value(String(max(0, index)))),
                .button(
                    .type(.submit), .userAttribute("aria-label", label),
                    .attribute(named: "disabled", value: disabled ? "disabled" : nil), .text(text)))
        }

        /// The owner's share sheet, or another reader's save and copy buttons.
        static func sharing(_ model: Model) -> Node<HTML.BodyContext> {
            let csrf = model.session.csrfToken
            if model.isDefault { return .empty }
            if model.isOwner {
                guard let code = model.shareCode else { return .empty }
                return .section(
                    .class("card share-sheet"), .attribute(named: "aria-labelledby", value: "share-title"),
                    .h2(.id("share-title"), "Share"),
                    model.isPublic
                        ? .p("Anyone signed in can open this list with its code:")
                        : .p("This list is private. Make it public (Edit) and anyone with the code can open it."),
                    .p(.class("share-code"), .userText(code)),
                    .unwrap(model.shareLink) { link in
                        .p(
                            .a(.href(link), .class("share-link"), .userText(link)), " ",
                            .button(
                                .type(.button), .attribute(named: "hidden"), .userAttribute("data-copy", link),
                                .text("Copy link")))
                    },
                    .form(
                        .action(SiteURL.listShareCode(model.id).path), .method(.post), .class("inline"),
                        .csrf(csrf),
                        .button(
                            .type(.submit), .attribute(named: "data-confirm", value: "The old code will stop working."),
                            .text("New code")))
                )
            }
            guard let code = model.shareCode else { return .empty }
            return .div(
                .class("shared-actions"),
                model.saved
                    ? .form(
                        .action(SiteURL.unsaveShared(code).path), .method(.post), .class("inline"), .csrf(csrf),
                        .button(.type(.submit), .text("Saved — remove from my lists")))
                    : .form(
                        .action(SiteURL.saveShared(code).path), .method(.post), .class("inline"), .csrf(csrf),
                        .button(.type(.submit), .class("primary"), .text("Save to my lists"))),
                .form(
                    .action(SiteURL.copyShared(code).path), .method(.post), .class("inline"), .csrf(csrf),
                    .button(.type(.submit), .text("Make my own copy")))
            )
        }
    }
}
