import Foundation
import Plot

extension ImportJobPage {
    /// A book of a highlights file that matched none of the reader's.
    public struct UnmatchedBook: Sendable, Equatable {
        public var id: UUID
        public var title: String
        public var author: String?
        public var highlights: Int

        public init(id: UUID, title: String, author: String?, highlights: Int) {
            self.id = id
            self.title = title
            self.author = author
            self.highlights = highlights
        }
    }

    /// A book of the reader's a link form offers.
    public typealias Choice = BookChoice
}

extension ImportJobPage.View {
    /// The books the device named that are none of the reader's: each with a form giving it
    /// one of theirs (a search box narrows the choice; no script needed).
    static func unmatchedSection(_ model: ImportJobPage.Model) -> Node<HTML.BodyContext> {
        .section(
            .id("unmatched"), .attribute(named: "aria-labelledby", value: "unmatched-title"),
            .h2(.id("unmatched-title"), "Books not found in your library"),
            .p(
                model.dryRun
                    ? "Once imported, each of these can be given the book of yours it is; their highlights then go there."
                    : "Give each the book of yours it is; its highlights go there."),
            .if(
                !model.dryRun,
                .form(
                    .action(SiteURL.importJob(model.id).with(fragment: "unmatched")), .method(.get),
                    .attribute(named: "role", value: "search"),
                    .field("Find a book of yours", name: "q", type: .search, state: FieldState(model.search)),
                    .button(.type(.submit), .text("Search")))),
            .ul(
                .class("rows"),
                .forEach(Array(model.unmatched.enumerated())) { item in
                    let book = item.element
                    return .li(
                        .class("row"),
                        .div(
                            .class("row-main"), .span(.class("title"), .userText(book.title)),
                            .p(
                                .class("meta"), .userText(book.author ?? "No author"),
                                .text(" · \(book.highlights) highlight\(book.highlights == 1 ? "" : "s")"))),
                        .if(!model.dryRun, linkForm(book, jobID: model.id, index: item.offset, model: model)))
                }))
    }

    private static func linkForm(
        _ book: ImportJobPage.UnmatchedBook, jobID: UUID, index: Int, model: ImportJobPage.Model
    ) -> Node<HTML.BodyContext> {
        guard !model.choices.isEmpty else { return .p(.class("meta"), "Search for a book of yours above.") }
        let id = "import-book-\(index)"
        return .form(
            .userAttribute("action", SiteURL.linkImportBook(jobID, book.id).path), .method(.post), .class("inline"),
            .csrf(model.session.csrfToken),
            .label(.for(id), .text("Book")),
            .select(
                .id(id), .attribute(named: "name", value: "entryId"),
                .forEach(model.choices) { choice in
                    .element(
                        named: "option", nodes: [.userAttribute("value", choice.entryID.uuidString), .userText(choice.title)])
                }),
            .button(.type(.submit), .class("primary"), .userAttribute("aria-label", "Link \(book.title)"), .text("Link")))
    }
}
