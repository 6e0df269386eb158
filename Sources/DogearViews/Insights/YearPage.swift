import DogearCore
import Foundation
import Plot

/// `/year/2026`: a reader's year in books (totals, the books that stand out, the most-read author,
/// the months, the goals) with the link that shares it; and `/y/{token}`, the same summary as
/// anyone holding the link sees it: public entries only, no goals, no notes, no links into the
/// reader's library.
public enum YearPage {
    /// A book the summary names ("Longest book: …").
    public struct Named: Sendable, Equatable {
        public var label: String
        public var title: String
        public var detail: String
        /// The reader's own page for it; nil on a shared summary.
        public var entryID: UUID?
        public init(label: String, title: String, detail: String, entryID: UUID?) {
            self.label = label
            self.title = title
            self.detail = detail
            self.entryID = entryID
        }
    }

    public struct Model: Sendable, Equatable {
        /// nil when read signed out.
        public var session: PageSession?
        public var year: Int
        public var ownerName: String
        /// Read through a share link: no goals, no share controls, no links into the library.
        public var isShared: Bool
        public var books = 0
        public var pages = 0
        public var minutes = 0
        public var averageRating: Double?
        public var booksByMonth: [Chart.Point] = []
        public var pagesByMonth: [Chart.Point] = []
        public var named: [Named] = []
        /// "Octavia E. Butler, 3 books".
        public var mostReadAuthor: String?
        public var topGenres: [Chart.Point] = []
        public var goals: [GoalsPage.Row] = []
        /// The live share link (owner only).
        public var shareUrl: String?

        public init(session: PageSession?, year: Int, ownerName: String, isShared: Bool) {
            self.session = session
            self.year = year
            self.ownerName = ownerName
            self.isShared = isShared
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let title = model.isShared ? "\(model.ownerName)'s \(model.year) in books" : "Your \(model.year) in books"
            return PageLayout.page(
                title: title, session: model.session, csrfToken: model.session?.csrfToken ?? "",
                active: model.isShared ? nil : .stats,
                .group(
                    .h1(.userText(title)),
                    model.isShared ? .empty : years(model),
                    totals(model),
                    standouts(model),
                    months(model),
                    model.isShared ? .empty : goals(model),
                    model.isShared
                        ? .p(.class("meta"), "Shared from Dogear. Only books the reader made public are counted.") : share(model)
                ))
        }

        static func years(_ model: Model) -> Node<HTML.BodyContext> {
            .nav(
                .class("year-links"), .attribute(named: "aria-label", value: "Other years"),
                .ul(
                    .li(.a(.href(SiteURL.year(model.year - 1).path), .text("← \(model.year - 1)"))),
                    .li(.a(.href(SiteURL.stats.with(query: [("year", String(model.year))])), "All the statistics")),
                    .li(.a(.href(SiteURL.year(model.year + 1).path), .text("\(model.year + 1) →")))))
        }

        static func totals(_ model: Model) -> Node<HTML.BodyContext> {
            let rating: Node<HTML.BodyContext> =
                model.averageRating.map { average in
                    .div(.class("stat"), .strong(.text(String(format: "%.2f", average))), .span("average rating"))
                } ?? .empty
            return .section(
                .class("stats"), .attribute(named: "aria-label", value: "Totals"),
                Home.View.stat(model.books, model.books == 1 ? "book read" : "books read"),
                Home.View.stat(model.pages, "pages"), Home.View.stat(model.minutes, "minutes in sessions"), rating)
        }

        static func standouts(_ model: Model) -> Node<HTML.BodyContext> {
            guard !model.named.isEmpty || model.mostReadAuthor != nil else {
                return .p(.class("empty"), .text("No books finished in \(model.year) yet."))
            }
            let author: Node<HTML.DescriptionListContext> =
                model.mostReadAuthor.map { name in
                    Node<HTML.DescriptionListContext>.group(.dt("Most-read author"), .dd(.userText(name)))
                } ?? .empty
            let books: Node<HTML.DescriptionListContext> = .forEach(model.named) { book in
                .group(.dt(.text(book.label)), .dd(title(book)))
            }
            return .section(.id("year-standouts"), .h2("The books that stand out"), .dl(.class("facts"), books, author))
        }

        static func title(_ book: Named) -> Node<HTML.BodyContext> {
            let name: Node<HTML.BodyContext> =
                book.entryID.map { id in .a(.href(SiteURL.book(id).path), .userText(book.title)) } ?? .userText(book.title)
            return .group(name, .if(!book.detail.isEmpty, .span(.class("meta"), .userText(" · \(book.detail)"))))
        }

        static func months(_ model: Model) -> Node<HTML.BodyContext> {
            let books = Chart.Caption(
                id: "year-books", title: "Books read per month",
                summary: StatsPage.View.summary(model.booksByMonth, unit: "books"))
            let pages = Chart.Caption(
                id: "year-pages", title: "Pages read per month",
                summary: StatsPage.View.summary(model.pagesByMonth, unit: "pages"))
            let genres = Chart.Caption(
                id: "year-genres", title: "Top genres", summary: StatsPage.View.summary(model.topGenres, unit: "books"))
            return .section(
                .id("year-months"), .h2("Month by month"),
                BarChart.render(books, points: model.booksByMonth, unit: "books"),
                BarChart.render(pages, points: model.pagesByMonth, unit: "pages"),
                model.topGenres.isEmpty ? .empty : BarChart.render(genres, points: model.topGenres, unit: "books"))
        }

        static func goals(_ model: Model) -> Node<HTML.BodyContext> {
            guard !model.goals.isEmpty else { return .empty }
            return .section(
                .id("year-goals"), .h2("Goals"),
                .ul(
                    .class("list"),
                    .forEach(model.goals) { goal in .li(.class("goal"), GoalsPage.View.progress(goal)) }),
                .a(.href(SiteURL.goals.with(query: [("year", String(model.year))])), "Your goals for \(model.year)"))
        }

        /// The share link: made by a button, shown to copy, revoked by another.
        static func share(_ model: Model) -> Node<HTML.BodyContext> {
            let csrf = model.session?.csrfToken ?? ""
            guard let url = model.shareUrl else {
                return .section(
                    .id("share"), .class("card"), .h2("Share this year"),
                    .p(
                        .class("hint"),
                        "Anyone with the link sees this summary, signed in or not: books you made public only, no notes, no goals."
                    ),
                    .form(
                        .action(SiteURL.shareYear(model.year).path), .method(.post), .csrf(csrf),
                        .button(.type(.submit), .class("primary"), "Make a share link")))
            }
            return .section(
                .id("share"), .class("card"), .h2("Share this year"),
                .div(
                    .class("field"),
                    .label(.for("share-link"), "Share link"),
                    .input(
                        .type(.url), .id("share-link"), .userAttribute("value", url), .readonly(true),
                        .attribute(named: "aria-describedby", value: "share-link-hint")),
                    .small(.id("share-link-hint"), .class("hint"), "Public books only; stop sharing and the link reads nothing.")),
                .form(
                    .action(SiteURL.unshareYear(model.year).path), .method(.post), .csrf(csrf),
                    .button(.type(.submit), .class("danger"), "Stop sharing")))
        }
    }
}
