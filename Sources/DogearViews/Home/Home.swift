import DogearCore
import Foundation
import Plot

/// `/`: a greeting, what the reader is reading (with a page stepper), recent finishes, quick stats.
public enum Home {
    public struct Model: Sendable, Equatable {
        public var greeting: String
        public var displayName: String
        public var currentlyReading: [BookSummary]
        public var recentlyFinished: [BookSummary]
        public var readAllTime: Int
        public var readThisYear: Int
        public var pagesThisYear: Int
        /// The first three clubs.
        public var clubs: [ClubsIndex.Summary] = []
        /// This year's goals.
        public var goals: [Goal] = []
        /// A page typed on a card and refused: shown on that card, with what was typed.
        /// How many books the reader is reading in all (the cards are the ten read last).
        public var readingCount = 0
        public var refusedPage: RefusedPage?
        /// The book whose page was just saved, for a short confirmation on its card.
        public var justLogged: UUID?
        public var session: PageSession

        public init(
            greeting: String, displayName: String, currentlyReading: [BookSummary], recentlyFinished: [BookSummary],
            readAllTime: Int, readThisYear: Int, pagesThisYear: Int, session: PageSession
        ) {
            self.greeting = greeting
            self.displayName = displayName
            self.currentlyReading = currentlyReading
            self.recentlyFinished = recentlyFinished
            self.readAllTime = readAllTime
            self.readThisYear = readThisYear
            self.pagesThisYear = pagesThisYear
            self.session = session
        }
    }

    /// What a reader typed as their page on a card, and why it was refused.
    public struct RefusedPage: Sendable, Equatable {
        public var entryID: UUID
        public var typed: String
        public var message: String

        public init(entryID: UUID, typed: String, message: String) {
            self.entryID = entryID
            self.typed = typed
            self.message = message
        }
    }

    /// A goal as home shows it: what it is, how far, and where it stands.
    public struct Goal: Sendable, Equatable {
        public var summary: String
        public var done: Int
        public var target: Int
        public var percent: Int
        /// "on track", "3 ahead", "2 behind", "done", …
        public var standing: String
        public init(summary: String, done: Int, target: Int, percent: Int, standing: String) {
            self.summary = summary
            self.done = done
            self.target = target
            self.percent = percent
            self.standing = standing
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Home", session: model.session, csrfToken: model.session.csrfToken, active: .home,
                .group(
                    .h1(.userText("\(model.greeting), \(model.displayName)")),
                    .section(
                        .class("stats"), .attribute(named: "aria-label", value: "Quick stats"),
                        stat(model.readAllTime, "books read"),
                        stat(model.readThisYear, "read this year"),
                        stat(model.pagesThisYear, "pages this year")
                    ),
                    goals(model.goals),
                    .section(
                        .id("currently-reading"),
                        .h2("Currently reading"),
                        // A page refused for a book no longer on the go (finished in another tab):
                        // said here, as there is no card to say it on.
                        .unwrap(
                            model.refusedPage.flatMap { refused in
                                model.currentlyReading.contains { $0.id == refused.entryID } ? nil : refused
                            }
                        ) {
                            .p(
                                .class("error"), .attribute(named: "role", value: "alert"),
                                .userText("The page was not saved: \($0.message)."))
                        },
                        model.currentlyReading.isEmpty
                            ? .p(
                                .class("empty"), "Nothing on the go. ", .a(.href(SiteURL.add.path), "Add a book"),
                                ", start one from ", .a(.href(SiteURL.library.path), "your library"), ", or ",
                                .a(.href(SiteURL.importFile.path), "bring your books from Goodreads or The StoryGraph"),
                                ".")
                            : .ul(
                                .class("cards"),
                                .forEach(model.currentlyReading) {
                                    readingCard(
                                        $0, csrf: model.session.csrfToken,
                                        refused: model.refusedPage?.entryID == $0.id ? model.refusedPage : nil,
                                        justLogged: model.justLogged == $0.id)
                                }),
                        .if(
                            model.readingCount > model.currentlyReading.count,
                            .p(
                                .class("more"),
                                .a(
                                    .href(SiteURL.library.with(query: [("status", "reading")])),
                                    .text("All \(model.readingCount) books you are reading"))))
                    ),
                    .section(
                        .id("recently-finished"),
                        .h2("Recently finished"),
                        model.recentlyFinished.isEmpty
                            ? .p(.class("empty"), "Books you finish show up here.")
                            : .ul(
                                .class("list"),
                                .forEach(model.recentlyFinished) { book in
                                    .li(
                                        .class("row"), .cover(book.coverURL, title: book.title),
                                        .div(
                                            .a(.href(SiteURL.book(book.id).path), .class("title"), .userText(book.title)),
                                            .authorsLine(book.authors),
                                            .unwrap(book.dateFinished) { .p(.class("meta"), .text("Finished "), .day($0)) }))
                                })
                    ),
                    .section(
                        .id("home-clubs"),
                        .h2("Your clubs"),
                        model.clubs.isEmpty
                            ? .p(
                                .class("empty"), "Reading is better together: ",
                                .a(.href(SiteURL.clubs.path), "join a club with a code"), ".")
                            : .group(
                                .ul(
                                    .class("list"),
                                    .forEach(model.clubs) { club in
                                        .li(
                                            .class("row"),
                                            .div(
                                                .a(.href(SiteURL.club(club.id).path), .class("title"), .userText(club.name)),
                                                .p(
                                                    .class("meta"),
                                                    .text(Figures.count(club.memberCount, "member")),
                                                    .unwrap(club.currentBook) { .group(.text(" · reading "), .userText($0)) })))
                                    }),
                                .a(.class("more"), .href(SiteURL.clubs.path), "All your clubs"))
                    )
                ))
        }

        /// This year's goals, when the reader has set any; the statistics page is a link away.
        static func goals(_ goals: [Goal]) -> Node<HTML.BodyContext> {
            guard !goals.isEmpty else { return .empty }
            return .section(
                .id("home-goals"), .h2("Goals this year"),
                .ul(
                    .class("list"),
                    .forEach(goals) { goal in
                        .li(
                            .class("goal"), .p(.class("title"), .userText(goal.summary)),
                            .progressBar(Double(goal.percent) / 100, label: "Progress toward \(goal.summary)"),
                            .p(
                                .class("meta"),
                                .text("\(Figures.count(goal.done)) of \(Figures.count(goal.target)) · \(goal.standing)")))
                    }),
                .a(.class("more"), .href(SiteURL.goals.path), "All your goals"))
        }

        static func stat(_ value: Int, _ label: String) -> Node<HTML.BodyContext> {
            .div(.class("stat"), .strong(.text(Figures.count(value))), .span(.text(label)))
        }

        /// A card with the page stepper and "I'm on page [ ] of N": small forms, so it works without a
        /// script; the script sends them in place and updates the bar. "Finished" marks it read.
        static func readingCard(_ book: BookSummary, csrf: String, refused: RefusedPage?, justLogged: Bool) -> Node<
            HTML.ListContext
        > {
            let page = book.currentPage ?? 0
            return .li(
                .class("card reading-card"), .attribute(named: "data-entry", value: book.id.uuidString),
                .cover(book.coverURL, title: book.title, size: "medium"),
                .div(
                    .class("card-body"),
                    .a(.href(SiteURL.book(book.id).path), .class("title"), .userText(book.title)),
                    .authorsLine(book.authors),
                    .progressBar(book.progress, label: "Progress in \(book.title)"),
                    book.listening.map { listening in
                        // An audiobook: minutes listened, and one field for the minute reached.
                        .group(
                            .p(
                                .class("meta page-count"),
                                .text(
                                    listening.length.map { "\(Figures.count(listening.minutes)) of \(Figures.count($0)) min" }
                                        ?? "\(Figures.count(listening.minutes)) min")),
                            pageForm(book, page: listening.minutes, csrf: csrf, refused: refused),
                            .if(
                                justLogged,
                                .p(
                                    .class("saved"), .attribute(named: "role", value: "status"),
                                    .text("Saved: minute \(listening.minutes)."))))
                    }
                        ?? .group(
                            .p(
                                .class("meta page-count"),
                                .text(book.pageCount.map { "Page \(page) of \($0)" } ?? "Page \(page)")),
                            .div(
                                .class("stepper"),
                                stepForm(book, to: max(0, page - 1), label: "−", name: "One page back", csrf: csrf),
                                stepForm(
                                    book, to: book.pageCount.map { min($0, page + 1) } ?? page + 1, label: "+",
                                    name: "One page on", csrf: csrf)
                            ),
                            pageForm(book, page: page, csrf: csrf, refused: refused),
                            .if(
                                justLogged,
                                .p(.class("saved"), .attribute(named: "role", value: "status"), .text("Saved: page \(page).")))
                        )
                )
            )
        }

        /// The page field: the current page, or what was typed and refused (marked, with its reason).
        static func pageInput(_ id: String, book: BookSummary, page: Int, refused: RefusedPage?) -> [Attribute<
            HTML.InputContext
        >] {
            var attributes: [Attribute<HTML.InputContext>] = [
                .type(.number), .id(id), .name(book.listening == nil ? "page" : "minutes"), .class("page-input"),
                .attribute(named: "inputmode", value: "numeric"), .attribute(named: "min", value: "0"),
                .userAttribute("value", refused?.typed ?? String(page)),
            ]
            if book.listening == nil, let pageCount = book.pageCount {
                attributes.append(.attribute(named: "max", value: String(pageCount)))
            }
            if refused != nil {
                attributes.append(.attribute(named: "aria-invalid", value: "true"))
                attributes.append(.attribute(named: "aria-describedby", value: "\(id)-error"))
            }
            return attributes
        }

        /// One field and one press: the page the reader is on, then Save; and "Finished".
        static func pageForm(_ book: BookSummary, page: Int, csrf: String, refused: RefusedPage?) -> Node<HTML.BodyContext> {
            let id = "page-\(book.id.uuidString.lowercased())"
            return .div(
                .class("page-log"),
                .form(
                    .action(SiteURL.bookProgress(book.id).path), .method(.post), .class("step page-form"),
                    .offline(.entryProgress(book.id)),
                    .csrf(csrf),
                    .input(.type(.hidden), .name("back"), .value(SiteURL.home.path)),
                    .label(
                        .for(id), .text(book.listening == nil ? "I'm on page" : "I'm at minute"),
                        .span(.class("visually-hidden"), .userText(" in \(book.title)"))),
                    .selfClosedElement(named: "input", attributes: pageInput(id, book: book, page: page, refused: refused)),
                    book.listening.map { listening in
                        listening.length.map { .span(.class("of"), .text("of \(Figures.count($0)) min")) } ?? .empty
                    } ?? .unwrap(book.pageCount) { .span(.class("of"), .text("of \($0)")) },
                    .button(.type(.submit), "Save")
                ),
                .form(
                    .action(SiteURL.bookStatus(book.id).path), .method(.post), .class("finish-form"),
                    .csrf(csrf),
                    .input(.type(.hidden), .name("status"), .value(ReadingStatus.read.rawValue)),
                    .input(.type(.hidden), .name("back"), .value(SiteURL.home.path)),
                    .button(
                        .type(.submit), .userAttribute("aria-label", "Finished \(book.title)"),
                        .userAttribute("data-confirm", "Mark \(book.title) as finished?"), "Finished")
                ),
                .unwrap(refused) {
                    .p(.id("\(id)-error"), .class("error"), .attribute(named: "role", value: "alert"), .userText($0.message))
                }
            )
        }

        static func stepForm(_ book: BookSummary, to page: Int, label: String, name: String, csrf: String) -> Node<
            HTML.BodyContext
        > {
            .form(
                .action(SiteURL.bookProgress(book.id).path), .method(.post), .class("step"),
                .offline(.entryProgress(book.id)),
                .csrf(csrf),
                .input(.type(.hidden), .name("page"), .value(String(page))),
                .input(.type(.hidden), .name("back"), .value(SiteURL.home.path)),
                .button(.type(.submit), .class("step-button"), .attribute(named: "aria-label", value: name), .text(label))
            )
        }
    }
}
