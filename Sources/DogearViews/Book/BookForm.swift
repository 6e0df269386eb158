import DogearCore
import Foundation
import Plot

/// `/add` and `/books/{id}/edit`: the book form. A form with an error comes back with everything
/// the reader typed and the message beside the field it is about.
public enum BookForm {
    public struct Model: Sendable, Equatable {
        /// nil when adding.
        public var entryID: UUID?
        public var title = FieldState()
        /// Comma-separated, as typed.
        public var authors = FieldState()
        public var isbn = FieldState()
        public var pageCount = FieldState()
        /// Editing: the copy's subtitle and format.
        public var subtitle = FieldState()
        public var format = FieldState()
        public var status = FieldState(ReadingStatus.wantToRead.rawValue)
        public var rating = FieldState()
        public var dateStarted = FieldState()
        public var dateFinished = FieldState()
        /// Comma-separated, as typed (the case typed is the case shown).
        public var tags = FieldState()
        public var note = FieldState()
        /// A message about the whole form (the book is already in the library, say).
        public var error: String?
        /// After a look-up: what was found, said beside the ISBN ("Unverified: …").
        public var lookupNotice: String?
        public var knownAuthors: [String] = []
        public var knownTags: [String] = []
        /// Adding: the search's box and results (nil before a search).
        public var search: BookSearch.Model?
        /// Adding: the book a press just added, said above the box.
        public var added: Added?
        /// Adding: whether the long form shows unfolded (a refused form, a look-up, nothing found).
        public var handFormOpen = false
        /// The finish is before the start: the form asks the reader to confirm them.
        public var datesNeedConfirming = false
        public var session: PageSession

        public init(entryID: UUID? = nil, session: PageSession) {
            self.entryID = entryID
            self.session = session
        }

        var isEdit: Bool { entryID != nil }
    }

    /// What one press on a search result added.
    public struct Added: Sendable, Equatable {
        public var entryID: UUID
        public var title: String
        public var status: ReadingStatus
        public init(entryID: UUID, title: String, status: ReadingStatus) {
            self.entryID = entryID
            self.title = title
            self.status = status
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let action = model.entryID.map { SiteURL.editBook($0).path } ?? SiteURL.add.path
            let heading = model.isEdit ? "Edit book" : "Add a book"
            return PageLayout.page(
                title: heading, session: model.session, csrfToken: model.session.csrfToken,
                active: model.isEdit ? nil : .add,
                .div(
                    .class("card"),
                    .h1(.text(heading)),
                    .unwrap(model.error) { .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0)) },
                    model.isEdit
                        ? form(model, action: action)
                        : .group(
                            BookSearch.section(model.search, added: model.added, csrf: model.session.csrfToken),
                            // The long form is for a book no source knows: folded until it is needed.
                            .element(
                                named: "details",
                                nodes: [
                                    .class("hand-form"),
                                    .if(model.handFormOpen, .attribute(named: "open")),
                                    .element(named: "summary", nodes: [.text("Not found? Add it by hand")]),
                                    form(model, action: action),
                                ]))
                ))
        }

        static func form(_ model: Model, action: String) -> Node<HTML.BodyContext> {
            model.isEdit ? editForm(model, action: action) : addForm(model, action: action)
        }

        /// The long form to add a book by hand, in three short steps that each fit a phone's screen:
        /// the book itself, the reader's shelf (dates folded until wanted), and tags and a first note
        /// (folded). Fieldsets and `<details>`, so it works without a script; a refused form
        /// opens every fold that holds a value or an error.
        static func addForm(_ model: Model, action: String) -> Node<HTML.BodyContext> {
            let datesOpen =
                model.datesNeedConfirming
                || [model.dateStarted, model.dateFinished].contains { !$0.value.isEmpty || $0.error != nil }
            let extrasOpen = [model.tags, model.note].contains { !$0.value.isEmpty || $0.error != nil }
            return .form(
                .action(action), .method(.post), .class("book-form steps"), .attribute(named: "novalidate"),
                .csrf(model.session.csrfToken),
                // Enter in a field sends the form with its first submit button: make that one "Add", not "Look up".
                .button(
                    .type(.submit), .class("visually-hidden"), .attribute(named: "tabindex", value: "-1"),
                    .attribute(named: "aria-hidden", value: "true"), .text("Add to library")),
                .fieldset(
                    .class("step"),
                    .element(named: "legend", nodes: [.text("1. The book")]),
                    isbnField(model),
                    bookFields(model)),
                .fieldset(
                    .class("step"),
                    .element(named: "legend", nodes: [.text("2. Your shelf")]),
                    statusAndRating(model),
                    fold("Dates started and finished", open: datesOpen, dates(model))),
                fold(
                    "3. Tags and a first note", open: extrasOpen, tagsField(model),
                    textArea("First note", name: "note", state: model.note)),
                datalists(model),
                .button(.type(.submit), .class("primary"), .text("Add to library"))
            )
        }

        static func fold(_ summary: String, open: Bool, _ nodes: Node<HTML.FormContext>...) -> Node<HTML.FormContext> {
            .element(
                named: "details",
                nodes: [
                    .class("step-fold"), .if(open, .attribute(named: "open")),
                    .element(named: "summary", nodes: [.text(summary)]),
                ]
                    + nodes)
        }

        static func isbnField(_ model: Model) -> Node<HTML.FormContext> {
            .group(
                .field(
                    "ISBN", name: "isbn", state: model.isbn, autocomplete: "off",
                    hint: "Type it, or scan the barcode where your browser can",
                    extra: [.attribute(named: "inputmode", value: "numeric")]),
                .div(
                    .class("isbn-tools"),
                    // A submit button, so it works without a script; the script looks up in place.
                    .button(
                        .type(.submit), .name("lookup"), .value("1"), .attribute(named: "formnovalidate"),
                        .attribute(named: "data-lookup", value: "#field-isbn"),
                        .attribute(named: "data-lookup-url", value: SiteURL.lookup.path), .text("Look up")),
                    .button(
                        .type(.button), .class("scan"), .attribute(named: "data-scan", value: "#field-isbn"),
                        .attribute(named: "hidden"), .text("Scan barcode"))),
                .unwrap(model.lookupNotice) {
                    .p(.class("hint lookup-notice"), .attribute(named: "role", value: "status"), .userText($0))
                }
            )
        }

        static func statusAndRating(_ model: Model) -> Node<HTML.FormContext> {
            .group(
                .selectField(
                    "Status", name: "status", state: model.status,
                    options: ReadingStatus.allCases.map { ($0.rawValue, $0.label) }),
                .selectField(
                    "Rating", name: "rating", state: model.rating,
                    options: [("", "Not rated")] + (1...5).map { (String($0), String(repeating: "★", count: $0)) }))
        }

        static func dates(_ model: Model) -> Node<HTML.FormContext> {
            .group(
                .field("Started", name: "dateStarted", type: .date, state: model.dateStarted),
                .field("Finished", name: "dateFinished", type: .date, state: model.dateFinished),
                .if(
                    model.datesNeedConfirming,
                    .div(
                        .class("field"),
                        .label(
                            .class("check"), .input(.type(.checkbox), .name("confirmDates"), .value("1")),
                            .text("These dates are right")))))
        }

        static func tagsField(_ model: Model) -> Node<HTML.FormContext> {
            .field(
                "Tags", name: "tags", state: model.tags, autocomplete: "off", hint: "Separate several with commas",
                list: "known-tags")
        }

        static func datalists(_ model: Model) -> Node<HTML.FormContext> {
            .group(
                .element(
                    named: "datalist",
                    nodes: [.id("known-authors")]
                        + model.knownAuthors.map { author in
                            .element(named: "option", nodes: [.userAttribute("value", author)])
                        }),
                .element(
                    named: "datalist",
                    nodes: [.id("known-tags")]
                        + model.knownTags.map { tag in
                            .element(named: "option", nodes: [.userAttribute("value", tag)])
                        }))
        }

        /// Correcting a book: the reader's copy, then their reading of it, in one page.
        static func editForm(_ model: Model, action: String) -> Node<HTML.BodyContext> {
            .form(
                .action(action), .method(.post), .class("book-form"), .attribute(named: "novalidate"),
                .csrf(model.session.csrfToken),
                bookFields(model),
                statusAndRating(model),
                dates(model),
                tagsField(model),
                datalists(model),
                .button(.type(.submit), .class("primary"), .text("Save"))
            )
        }

        /// Editing corrects the reader's copy; the catalog others see changes only by its rules.
        static func bookFields(_ model: Model) -> Node<HTML.FormContext> {
            // The same two fields whether adding or correcting.
            let authors: Node<HTML.FormContext> = .field(
                "Authors", name: "authors", state: model.authors, required: true, autocomplete: "off",
                hint: "Separate several with commas", list: "known-authors")
            let pages: Node<HTML.FormContext> = .field(
                "Pages", name: "pageCount", type: .number, state: model.pageCount,
                extra: [.attribute(named: "min", value: "1"), .attribute(named: "inputmode", value: "numeric")])
            return model.isEdit
                ? .fieldset(
                    .class("copy-facts"),
                    .element(named: "legend", nodes: [.text("Your copy")]),
                    .element(
                        named: "p",
                        nodes: [
                            .class("hint"),
                            .text("Correct what is wrong. Where other readers have this book, only your copy changes."),
                        ]),
                    .field("Title", name: "title", state: model.title, required: true),
                    .field("Subtitle", name: "subtitle", state: model.subtitle),
                    authors,
                    pages,
                    .selectField(
                        "Format", name: "format", state: model.format,
                        options: [("", "Not given")] + EditionFormat.allCases.map { ($0.rawValue, $0.label) })
                )
                : .group(
                    .field("Title", name: "title", state: model.title, required: true),
                    authors,
                    pages
                )
        }

        static func textArea(_ label: String, name: String, state: FieldState) -> Node<HTML.FormContext> {
            let id = "field-\(name)"
            return .div(
                .class(state.error == nil ? "field" : "field has-error"),
                .label(.for(id), .text(label)),
                .textarea(
                    .id(id), .name(name), .attribute(named: "rows", value: "4"),
                    .if(state.error != nil, .attribute(named: "aria-invalid", value: "true")),
                    .attribute(named: "aria-describedby", value: describedBy(id, hasError: state.error != nil)),
                    .userText(state.value)),
                .lengthCount(for: id, max: Limits.noteLength.upperBound),
                .unwrap(state.error) {
                    .p(.id("\(id)-error"), .class("error"), .attribute(named: "role", value: "alert"), .userText($0))
                }
            )
        }
    }
}
