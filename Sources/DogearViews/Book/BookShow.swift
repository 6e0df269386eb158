import DogearCore
import Foundation
import Plot

/// `/books/{id}`: everything about one book in the reader's library.
public enum BookShow {
    /// A quote: typed by the reader, or a highlight from an e-reader with its place and note.
    public struct Quote: Sendable, Equatable {
        public let text: String
        public let page: Int?
        public let location: String?
        public let note: String?

        public init(text: String, page: Int? = nil, location: String? = nil, note: String? = nil) {
            self.text = text
            self.page = page
            self.location = location
            self.note = note
        }

        /// "page 12 · location 180-182", or nil when it has neither.
        var place: String? {
            let parts = [page.map { "page \($0)" }, location.map { "location \($0)" }].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined(separator: " · ")
        }
    }

    public struct Note: Sendable, Equatable {
        public let id: UUID
        public let content: String
        public let createdAt: String
        /// Meant for a club's discussion: it can be shared with the clubs reading this book.
        public let isDiscussion: Bool

        public init(id: UUID, content: String, createdAt: String, isDiscussion: Bool = false) {
            self.id = id
            self.content = content
            self.createdAt = createdAt
            self.isDiscussion = isDiscussion
        }
    }

    /// A club of the reader's whose current book this is.
    public struct ClubChoice: Sendable, Equatable {
        public let id: UUID
        public let name: String

        public init(id: UUID, name: String) {
            self.id = id
            self.name = name
        }
    }

    public struct Session: Sendable, Equatable {
        public let date: String
        public let minutes: Int
        public let pages: Int?

        public init(date: String, minutes: Int, pages: Int?) {
            self.date = date
            self.minutes = minutes
            self.pages = pages
        }
    }

    /// Another edition of the book the reader has (a hardcover and the Kindle edition).
    public struct OtherEdition: Sendable, Equatable {
        public let format: String?
        public let isbn: String?
        public let rating: Int?
        public let dateRead: String?

        public init(format: String?, isbn: String?, rating: Int?, dateRead: String?) {
            self.format = format
            self.isbn = isbn
            self.rating = rating
            self.dateRead = dateRead
        }

        /// "Paperback · ISBN 9780374537692 · rated 4 · read 2019-02-03"
        var line: String {
            [
                format.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "Another edition", isbn.map { "ISBN \($0)" },
                rating.map { "rated \($0)" }, dateRead.map { "read \($0)" },
            ].compactMap { $0 }.joined(separator: " · ")
        }
    }

    public struct Fact: Sendable, Equatable {
        public var label: String
        public var value: String
        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    public struct Model: Sendable, Equatable {
        public var book: BookSummary
        /// The reader's other editions, with what they said of each.
        public var otherEditions: [OtherEdition] = []
        public var isbn: String?
        public var dateStarted: String?
        public var pagesPerDay: Double?
        public var estimatedFinish: String?
        public var sessions: [Session]
        public var notes: [Note]
        public var quotes: [Quote]
        /// The reader's today (`yyyy-MM-dd`), the session form's default date.
        public var today: String
        /// The reader's own custom lists, for "Add to list" (id, name).
        public var lists: [ListChoice] = []
        /// The reader's lists that hold this book.
        public var onLists: [ListChoice] = []
        /// What a press just did ("Rated 4 stars."), said at the top.
        public var notice: String?
        /// The reader's clubs reading this book now, for sharing discussion notes.
        public var clubs: [ClubChoice] = []
        /// What the catalog knows of who wrote it and where it comes from ("Translator: Edith
        /// Grossman", "Octavia E. Butler: Female · North America"), set facts only.
        public var facts: [Fact] = []
        /// A note the reader sent that was refused: its text is kept in the form, with the reason.
        public var noteDraft = FieldState()
        /// A refused session's fields as typed (the date empty: today), each with why.
        public var sessionDraft = SessionDraft()
        /// A refused quote's text and page as typed, each with why.
        public var quoteDraft = FieldState()
        public var quotePageDraft = FieldState()
        public var session: PageSession

        public init(
            book: BookSummary, isbn: String? = nil, dateStarted: String? = nil, pagesPerDay: Double? = nil,
            estimatedFinish: String? = nil, sessions: [Session] = [], notes: [Note] = [], quotes: [Quote] = [],
            today: String = "", session: PageSession
        ) {
            self.book = book
            self.isbn = isbn
            self.dateStarted = dateStarted
            self.pagesPerDay = pagesPerDay
            self.estimatedFinish = estimatedFinish
            self.sessions = sessions
            self.notes = notes
            self.quotes = quotes
            self.today = today
            self.session = session
        }
    }

    /// The session form as typed.
    public struct SessionDraft: Sendable, Equatable {
        public var date = FieldState()
        public var minutes = FieldState()
        public var endPage = FieldState()

        public init(date: FieldState = FieldState(), minutes: FieldState = FieldState(), endPage: FieldState = FieldState()) {
            self.date = date
            self.minutes = minutes
            self.endPage = endPage
        }
    }

    public enum View {
        /// Who wrote it and where it comes from, and the way to fill in or correct it.
        static func about(_ model: Model) -> Node<HTML.BodyContext> {
            .section(
                .id("about-book"), .h2("About the book"),
                model.facts.isEmpty
                    ? .p(.class("empty"), "Nothing known yet about its author or where it comes from.")
                    : .dl(
                        .class("facts"),
                        .forEach(model.facts) { fact in .group(.dt(.userText(fact.label)), .dd(.userText(fact.value))) }),
                .a(.href(SiteURL.bookFacts(model.book.id).path), "Fill in or correct these facts"))
        }

        public static func render(_ model: Model) -> HTML {
            let book = model.book
            let csrf = model.session.csrfToken
            return PageLayout.page(
                title: book.title, session: model.session, csrfToken: csrf,
                .article(
                    .class("book"),
                    .unwrap(model.notice) { .p(.class("saved"), .attribute(named: "role", value: "status"), .userText($0)) },
                    .div(
                        .class("book-head card"),
                        .cover(book.coverURL, title: book.title, size: "large"),
                        .div(
                            .h1(.userText(book.title)),
                            .authorsLine(book.authors),
                            .unwrap(model.isbn) { .p(.class("meta"), .userText("ISBN \($0)")) },
                            .div(.class("meta"), .statusBadge(book.status)),
                            ratingForm(book, csrf: csrf),
                            .tagChips(book.tags),
                            .dl(
                                .class("dates"),
                                .unwrap(model.dateStarted) { .group(.dt("Started"), .dd(.day($0))) },
                                .unwrap(book.dateFinished) { .group(.dt("Finished"), .dd(.day($0))) }
                            ),
                            .if(
                                book.status == .reading,
                                .group(
                                    .progressBar(book.progress, label: "Progress"),
                                    .p(
                                        .class("meta"),
                                        .text(
                                            book.pageCount.map { "Page \(book.currentPage ?? 0) of \($0)" }
                                                ?? "Page \(book.currentPage ?? 0)"))
                                )),
                            .p(
                                .a(.class("button"), .href(SiteURL.editBook(book.id).path), "Edit"), " ",
                                .a(.class("danger"), .href(SiteURL.deleteBook(book.id).path), "Delete")),
                            addToList(model)
                        )
                    ),
                    .if(
                        !model.otherEditions.isEmpty,
                        .section(
                            .id("other-editions"),
                            .h2("Your other editions"),
                            .ul(.class("list"), .forEach(model.otherEditions) { .li(.userText($0.line)) })
                        )),
                    about(model),
                    .section(
                        .h2("Reading sessions"),
                        .unwrap(model.pagesPerDay) { pace in
                            .p(
                                .class("meta"), .text("\(Figures.decimal(pace)) pages a day"),
                                .unwrap(model.estimatedFinish) { .text(" · estimated finish \($0)") })
                        },
                        model.sessions.isEmpty
                            ? .p(.class("empty"), "No sessions logged yet.")
                            : .ul(
                                .class("list"),
                                .forEach(model.sessions) { session in
                                    .li(
                                        .text(
                                            "\(HumanDates.day(session.date)): \(session.minutes) min"
                                                + (session.pages.map { ", \($0) pages" } ?? "")))
                                }),
                        .form(
                            .action(SiteURL.bookSessions(book.id).path), .method(.post), .class("log-session"),
                            .csrf(csrf),
                            .field(
                                "Date", name: "date", type: .date,
                                state: model.sessionDraft.date.value.isEmpty
                                    ? FieldState(model.today, error: model.sessionDraft.date.error) : model.sessionDraft.date,
                                required: true),
                            .field(
                                "Minutes", name: "minutes", type: .number, state: model.sessionDraft.minutes, required: true,
                                extra: [.attribute(named: "min", value: "1"), .attribute(named: "inputmode", value: "numeric")]),
                            .field(
                                "To page", name: "endPage", type: .number, state: model.sessionDraft.endPage,
                                extra: [
                                    .attribute(named: "min", value: "1"), .attribute(named: "inputmode", value: "numeric"),
                                ]
                                    + (model.book.pageCount.map { [.attribute(named: "max", value: String($0))] } ?? [])),
                            .button(.type(.submit), .text("Log session"))
                        )
                    ),
                    notesSection(model, csrf: csrf),
                    quotesSection(model, csrf: csrf)
                ))
        }

        static func notesSection(_ model: Model, csrf: String) -> Node<HTML.BodyContext> {
            let book = model.book
            return .section(
                .id("notes"),
                .h2("Notes"),
                model.notes.isEmpty
                    ? .p(.class("empty"), "No notes yet.")
                    : .ul(
                        .class("list notes"),
                        .forEach(model.notes) { note in
                            .li(
                                .class("note"),
                                .p(.class("note-text"), .userText(note.content)),
                                .div(
                                    .class("meta note-meta"),
                                    .day(note.createdAt),
                                    .if(note.isDiscussion, .text(" · for discussion")),
                                    .if(
                                        note.isDiscussion,
                                        .forEach(model.clubs) { club in
                                            .form(
                                                .action(SiteURL.clubComments(club.id).path), .method(.post),
                                                .class("inline"),
                                                .csrf(csrf),
                                                .input(.type(.hidden), .name("noteId"), .value(note.id.uuidString)),
                                                .button(
                                                    .type(.submit), .class("link"),
                                                    .text("Share with "), .userText(club.name)))
                                        }),
                                    .form(
                                        .action(SiteURL.deleteNote(note.id).path), .method(.post), .class("inline"),
                                        .csrf(csrf),
                                        .button(
                                            .type(.submit), .class("link danger"),
                                            .attribute(named: "data-confirm", value: "Delete this note?"),
                                            .text("Delete note")))))
                        }),
                .form(
                    .action(SiteURL.bookNotes(book.id).path), .method(.post), .class("add-note"),
                    .offline(.entryNotes(book.id)),
                    .csrf(csrf),
                    .div(
                        .class(model.noteDraft.error == nil ? "field" : "field has-error"),
                        .label(.for("field-note"), "Add a note"),
                        .textarea(
                            .id("field-note"), .name("content"), .attribute(named: "rows", value: "3"),
                            .attribute(named: "required"),
                            .if(model.noteDraft.error != nil, .attribute(named: "aria-invalid", value: "true")),
                            .attribute(
                                named: "aria-describedby",
                                value: describedBy("field-note", hasError: model.noteDraft.error != nil)),
                            .userText(model.noteDraft.value)),
                        .lengthCount(for: "field-note", max: Limits.noteLength.upperBound),
                        .unwrap(model.noteDraft.error) {
                            .p(
                                .id("field-note-error"), .class("error"), .attribute(named: "role", value: "alert"),
                                .userText($0))
                        }),
                    .div(
                        .class("field"),
                        .label(
                            .class("check"),
                            .input(.type(.checkbox), .name("discussion"), .value("true")),
                            .text("For a club's discussion (you can share it with your clubs reading this book)"))),
                    .button(.type(.submit), .text("Save note"))
                )
            )
        }

        static func quotesSection(_ model: Model, csrf: String) -> Node<HTML.BodyContext> {
            let book = model.book
            return .section(
                .h2("Quotes"),
                model.quotes.isEmpty
                    ? .p(.class("empty"), "No quotes yet.")
                    : .ul(
                        .class("list quotes"),
                        .forEach(model.quotes) { quote in
                            .li(
                                .blockquote(.userText(quote.text)),
                                .unwrap(quote.place) { .p(.class("meta"), .userText($0)) },
                                .unwrap(quote.note) { .p(.class("quote-note"), .strong("Your note: "), .userText($0)) })
                        }),
                .form(
                    .action(SiteURL.bookQuotes(book.id).path), .method(.post), .class("add-quote"),
                    .csrf(csrf),
                    .div(
                        .class(model.quoteDraft.error == nil ? "field" : "field has-error"),
                        .label(.for("field-quote"), "Add a quote"),
                        .textarea(
                            .id("field-quote"), .name("text"), .attribute(named: "rows", value: "2"),
                            .attribute(named: "required"),
                            .if(model.quoteDraft.error != nil, .attribute(named: "aria-invalid", value: "true")),
                            .attribute(
                                named: "aria-describedby",
                                value: describedBy("field-quote", hasError: model.quoteDraft.error != nil)),
                            .userText(model.quoteDraft.value)),
                        .lengthCount(for: "field-quote", max: Limits.quoteLength.upperBound),
                        .unwrap(model.quoteDraft.error) {
                            .p(
                                .id("field-quote-error"), .class("error"), .attribute(named: "role", value: "alert"),
                                .userText($0))
                        }),
                    .field(
                        "Page", name: "page", type: .number, state: model.quotePageDraft,
                        extra: [.attribute(named: "min", value: "1"), .attribute(named: "inputmode", value: "numeric")]),
                    .button(.type(.submit), .text("Save quote"))
                )
            )
        }

        /// Five buttons, one per star: a tap sets the rating (a form each, so no script is needed).
        static func ratingForm(_ book: BookSummary, csrf: String) -> Node<HTML.BodyContext> {
            .form(
                .action(SiteURL.bookRating(book.id).path), .method(.post), .class("rating"),
                .attribute(named: "aria-label", value: "Rating"),
                .csrf(csrf),
                .forEach(1...5) { star in
                    .button(
                        .type(.submit), .name("rating"), .value(String(star)),
                        .class(star <= (book.rating ?? 0) ? "star on" : "star"),
                        .attribute(named: "aria-label", value: "\(star) star\(star == 1 ? "" : "s")"),
                        .attribute(named: "aria-pressed", value: star == book.rating ? "true" : "false"),
                        .text(star <= (book.rating ?? 0) ? "★" : "☆"))
                }
            )
        }
    }
}

/// `/books/{id}/delete`: the question asked before a book leaves the library.
public enum DeleteConfirm {
    public struct Model: Sendable, Equatable {
        public var id: UUID
        public var title: String
        public var session: PageSession

        public init(id: UUID, title: String, session: PageSession) {
            self.id = id
            self.title = title
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Delete \(model.title)", session: model.session, csrfToken: model.session.csrfToken,
                .div(
                    .class("card narrow"),
                    .h1(.userText("Delete “\(model.title)”?")),
                    .p("It leaves your library with its notes, quotes and reading sessions. This cannot be undone."),
                    .form(
                        .action(SiteURL.deleteBook(model.id).path), .method(.post),
                        .csrf(model.session.csrfToken),
                        .button(.type(.submit), .class("danger"), .text("Delete")),
                        .text(" "),
                        .a(.href(SiteURL.book(model.id).path), "Cancel")
                    )
                ))
        }
    }
}

/// One of the reader's lists a book can be added to.
public struct ListChoice: Sendable, Equatable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

extension BookShow.View {
    /// "Add to list": a choice of the reader's custom lists and a button (no script needed).
    static func addToList(_ model: BookShow.Model) -> Node<HTML.BodyContext> {
        .group(onLists(model), addToListForm(model))
    }

    /// "On your lists: Comfort reads, Summer": the lists that hold it, each a link.
    static func onLists(_ model: BookShow.Model) -> Node<HTML.BodyContext> {
        guard !model.onLists.isEmpty else { return .empty }
        return .p(
            .class("meta on-lists"), .text("On your lists: "),
            .forEach(Array(model.onLists.enumerated())) { index, list in
                .group(
                    .if(index > 0, .text(", ")),
                    .a(.href(SiteURL.list(list.id).path), .userText(list.name)))
            })
    }

    static func addToListForm(_ model: BookShow.Model) -> Node<HTML.BodyContext> {
        guard !model.lists.isEmpty else {
            return .p(.class("meta"), .a(.href(SiteURL.newList.path), "Make a list"), " to keep this book on one.")
        }
        return .form(
            .action(SiteURL.bookAddToList(model.book.id).path), .method(.post), .class("add-to-list"),
            .csrf(model.session.csrfToken),
            .label(.for("add-to-list"), "Add to list"),
            .select(
                .id("add-to-list"), .attribute(named: "name", value: "list"),
                .forEach(model.lists) { list in
                    .element(named: "option", nodes: [.attribute(named: "value", value: list.id), .userText(list.name)])
                }),
            .button(.type(.submit), .text("Add")))
    }
}
