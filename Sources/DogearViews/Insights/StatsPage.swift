import DogearCore
import Foundation
import Plot

/// `/stats`: the reader's statistics for a year (this year unless they pick another) or all time,
/// as numbers and charts. With tiers on and a free account, only books and pages per year show, and
/// a line says the rest is premium.
public enum StatsPage {
    /// `/stats?year=all`.
    public static let allTime = "all"

    public struct NamedBook: Sendable, Equatable {
        public var entryID: UUID
        public var title: String
        public var detail: String
        public init(entryID: UUID, title: String, detail: String) {
            self.entryID = entryID
            self.title = title
            self.detail = detail
        }
    }

    public struct Share: Sendable, Equatable {
        public var parts: [Chart.Point]
        public var unknown: Int
        public init(parts: [Chart.Point], unknown: Int) {
            self.parts = parts
            self.unknown = unknown
        }
    }

    public struct YesNo: Sendable, Equatable {
        public var label: String
        public var yes: Int
        public var no: Int
        public var unknown: Int
        public init(label: String, yes: Int, no: Int, unknown: Int) {
            self.label = label
            self.yes = yes
            self.no = no
            self.unknown = unknown
        }
    }

    public struct Model: Sendable, Equatable {
        public var session: PageSession
        /// nil: all time.
        public var year: Int?
        public var yearsWithBooks: [Int]
        public var today: LocalDate
        /// Free account with tiers on: only the basic figures.
        public var basicOnly = false
        public var books = 0
        public var pages = 0
        public var finishes = 0
        /// Books and pages per month of the year, or per year for all time.
        public var booksBy: [Chart.Point] = []
        public var pagesBy: [Chart.Point] = []
        public var pagesGoal: Int?
        public var averageRating: Double?
        public var ratingDistribution: [Int] = [0, 0, 0, 0, 0]
        public var genres: [Chart.Point] = []
        public var formats: [Chart.Point] = []
        public var authors: [Chart.Point] = []
        public var minutes = 0
        public var pagesPerDay: Double?
        public var currentStreak = 0
        public var longestStreak = 0
        public var readingDays = 0
        public var days: [Heatmap.Day] = []
        public var averageDaysToFinish: Double?
        public var shortest: NamedBook?
        public var longest: NamedBook?
        public var rereads = 0
        public var didNotFinish = 0
        public var dnfRate: Double?
        public var gender = Share(parts: [], unknown: 0)
        public var region = Share(parts: [], unknown: 0)
        public var questions: [YesNo] = []

        public init(session: PageSession, year: Int?, yearsWithBooks: [Int], today: LocalDate) {
            self.session = session
            self.year = year
            self.yearsWithBooks = yearsWithBooks
            self.today = today
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let period = model.year.map(String.init) ?? "all time"
            let rest: Node<HTML.BodyContext> =
                model.basicOnly
                ? .p(
                    .class("premium-note"),
                    "Ratings, genres, streaks, pace and diversity come with a premium account. Books and pages per year and your goals are always yours."
                )
                : advanced(model)
            return PageLayout.page(
                title: "Statistics", session: model.session, csrfToken: model.session.csrfToken, active: .stats,
                .group(
                    .h1(.text("Statistics · \(period)")), picker(model),
                    .unwrap(model.year) { year in .p(.a(.href(SiteURL.year(year).path), .text("Your \(year) in books"))) },
                    totals(model), byPeriod(model), rest))
        }

        static func totals(_ model: Model) -> Node<HTML.BodyContext> {
            let books = Home.View.stat(model.books, model.books == 1 ? "book read" : "books read")
            let pages = Home.View.stat(model.pages, "pages")
            let minutes = model.basicOnly ? Node<HTML.BodyContext>.empty : Home.View.stat(model.minutes, "minutes in sessions")
            let reachesToday = model.year.map { $0 == model.today.year } ?? true
            let streak =
                model.basicOnly || !reachesToday
                ? Node<HTML.BodyContext>.empty : Home.View.stat(model.currentStreak, "day streak")
            return .section(.class("stats"), .attribute(named: "aria-label", value: "Totals"), books, pages, minutes, streak)
        }

        static func byPeriod(_ model: Model) -> Node<HTML.BodyContext> {
            let perYear = model.year == nil
            let books = Chart.Caption(
                id: "books-by", title: perYear ? "Books read per year" : "Books read per month",
                summary: summary(model.booksBy, unit: "books"))
            let pages = Chart.Caption(
                id: "pages-by", title: perYear ? "Pages read per year" : "Pages read per month",
                summary: summary(model.pagesBy, unit: "pages"))
            let goal = model.pagesGoal.map { " of a \(Chart.grouped($0))-page goal" } ?? ""
            let running = Chart.Caption(
                id: "pages-running", title: "Pages so far this year", summary: "\(Chart.grouped(model.pages)) pages read\(goal)")
            let line: Node<HTML.BodyContext> =
                perYear ? .empty : LineChart.render(running, points: model.pagesBy, goal: model.pagesGoal, unit: "pages")
            return .section(
                .id("stats-books"), .h2(.text(perYear ? "By year" : "By month")),
                BarChart.render(books, points: model.booksBy, unit: "books"),
                BarChart.render(pages, points: model.pagesBy, unit: "pages"), line)
        }

        static func picker(_ model: Model) -> Node<HTML.BodyContext> {
            let years = Array(Set(model.yearsWithBooks + [model.today.year])).sorted(by: >)
            // "all", not an empty value: Plot leaves an empty attribute out, and the option's text would be sent.
            let choices: [(String, String)] = [(StatsPage.allTime, "All time")] + years.map { (String($0), String($0)) }
            let selected = model.year.map(String.init) ?? StatsPage.allTime
            let options: Node<HTML.SelectContext> = .forEach(choices) { value, label in
                .element(
                    named: "option",
                    nodes: [
                        .attribute(named: "value", value: value), .if(value == selected, .attribute(named: "selected")),
                        .text(label),
                    ])
            }
            let select: Node<HTML.FormContext> = .select(.id("stats-year"), .attribute(named: "name", value: "year"), options)
            return .form(
                .method(.get), .action(SiteURL.stats.path), .class("inline-form stats-picker"),
                .label(.for("stats-year"), "Period"), select, .button(.type(.submit), .class("button"), "Show"))
        }

        static func advanced(_ model: Model) -> Node<HTML.BodyContext> {
            .group(reading(model), ratings(model), kinds(model), finishing(model), diversity(model))
        }

        static func reading(_ model: Model) -> Node<HTML.BodyContext> {
            let first = model.year.flatMap { LocalDate(year: $0, month: 1, day: 1) } ?? model.today.adding(days: -364)
            let last = model.year.flatMap { LocalDate(year: $0, month: 12, day: 31) } ?? model.today
            // Today's streak belongs to a range that holds today; beside a past year's longest it
            // read as that year's ("current 1, longest 0").
            let reachesToday = model.year.map { $0 == model.today.year } ?? true
            let streakSummary = reachesToday ? "; current streak \(days(model.currentStreak))" : ""
            let caption = Chart.Caption(
                id: "calendar", title: model.year.map { "Reading days in \($0)" } ?? "Reading days, the last year",
                summary: "\(Figures.count(model.readingDays)) days with a session or a progress update\(streakSummary)")
            let facts: Node<HTML.BodyContext> = .dl(
                .class("facts"),
                reachesToday ? fact("Current streak", days(model.currentStreak)) : .empty,
                fact("Longest streak", days(model.longestStreak)),
                fact("Reading days", Figures.count(model.readingDays)),
                fact("Minutes read", Chart.grouped(model.minutes)),
                fact("Pages per day", model.pagesPerDay.map { Figures.decimal($0) } ?? "–")
            )
            return .section(
                .id("stats-reading"), .h2("Reading days"), facts,
                Heatmap.render(caption, from: first, to: min(last, max(first, model.today)), days: model.days))
        }

        static func ratings(_ model: Model) -> Node<HTML.BodyContext> {
            let average = model.averageRating.map { "Average rating \(String(format: "%.2f", $0)) stars" } ?? "No ratings yet"
            let points = (1...5).map { Chart.Point("\($0)★", model.ratingDistribution[$0 - 1]) }
            let caption = Chart.Caption(
                id: "ratings", title: "Books by rating",
                summary: points.map { "\($0.label): \($0.value)" }.joined(separator: ", "))
            return .section(
                .id("stats-ratings"), .h2("Ratings"), .p(.text(average)), BarChart.render(caption, points: points, unit: "books"))
        }

        static func kinds(_ model: Model) -> Node<HTML.BodyContext> {
            let genres = Chart.Caption(id: "genres", title: "Genres", summary: summary(model.genres, unit: "books"))
            let formats = Chart.Caption(id: "formats", title: "Formats", summary: summary(model.formats, unit: "books"))
            let authors: Node<HTML.BodyContext> =
                model.authors.isEmpty
                ? .p(.class("empty"), "Authors of the books you finish show up here.")
                : .ol(.class("top-list"), .forEach(model.authors) { .li(.userText($0.label), .text(" · \($0.value)")) })
            return .section(
                .id("stats-kinds"), .h2("What you read"),
                StackedBar.render(genres, parts: model.genres, unknown: 0),
                StackedBar.render(formats, parts: model.formats, unknown: 0),
                .h3("Most-read authors"), authors)
        }

        static func finishing(_ model: Model) -> Node<HTML.BodyContext> {
            let average = model.averageDaysToFinish.map { Figures.decimal($0) } ?? "–"
            let rate = model.dnfRate.map { "\(Int(($0 * 100).rounded()))%" } ?? "–"
            return .section(
                .id("stats-finishing"), .h2("Finishing"),
                .dl(
                    .class("facts"),
                    fact("Average days to finish", average),
                    named("Shortest", model.shortest), named("Longest", model.longest),
                    fact("Re-reads", String(model.rereads)),
                    fact("Did not finish", String(model.didNotFinish)),
                    fact("DNF rate", rate)))
        }

        static func diversity(_ model: Model) -> Node<HTML.BodyContext> {
            let gender = Chart.Caption(id: "gender", title: "Books by author gender", summary: shareSummary(model.gender))
            let region = Chart.Caption(
                id: "region", title: "Books by author's cultural region", summary: shareSummary(model.region))
            return .section(
                .id("stats-diversity"), .h2("Who you read"),
                .p(
                    .class("meta"),
                    "Each share counts only the books whose authors' details are known; the rest are counted as not known."),
                StackedBar.render(gender, parts: model.gender.parts, unknown: model.gender.unknown),
                StackedBar.render(region, parts: model.region.parts, unknown: model.region.unknown),
                .forEach(model.questions) { question in yesNo(question) })
        }

        static func yesNo(_ question: YesNo) -> Node<HTML.BodyContext> {
            let caption = Chart.Caption(
                id: question.label.lowercased().replacingOccurrences(of: " ", with: "-"), title: question.label,
                summary: "\(question.yes) yes, \(question.no) no, \(question.unknown) not known")
            return StackedBar.render(
                caption, parts: [Chart.Point("Yes", question.yes), Chart.Point("No", question.no)], unknown: question.unknown)
        }

        static func fact(_ term: String, _ value: String) -> Node<HTML.DescriptionListContext> {
            .group(.dt(.text(term)), .dd(.userText(value)))
        }

        static func named(_ term: String, _ book: NamedBook?) -> Node<HTML.DescriptionListContext> {
            .group(
                .dt(.text(term)),
                .dd(
                    .unwrap(
                        book,
                        { book in
                            .group(
                                .a(.href(SiteURL.book(book.entryID).path), .userText(book.title)), .text(" · "),
                                .userText(book.detail))
                        }, else: .text("–"))))
        }

        static func days(_ count: Int) -> String { Figures.count(count, "day") }

        static func summary(_ points: [Chart.Point], unit: String) -> String {
            let nonZero = points.filter { $0.value > 0 }
            guard !nonZero.isEmpty else { return "No \(unit) yet" }
            return nonZero.map { "\($0.label): \(Chart.grouped($0.value))" }.joined(separator: ", ") + " \(unit)"
        }

        static func shareSummary(_ share: Share) -> String {
            summary(share.parts, unit: "books") + "; \(share.unknown) not known"
        }
    }
}
