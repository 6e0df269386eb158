import DogearCore
import FluentKit
import Foundation
import SQLKit

/// A reader's statistics, aggregated in SQL over `finish_facts` (one row per finish with what the
/// figures group by beside it, kept by triggers: `CreateStatsFacts`): a fixed number of
/// statements whatever the size of the library, each a scan of the range's rows in the table's own
/// reader-then-day order, returning at most a few hundred rows. Core's rules decide what grouped
/// rows mean (`Translation`, `AuthorVoice`).
///
/// A *finish* is the entry's own read when its status is read, or a past read-through whose outcome
/// was read, dated by its finish day; in a range only finishes dated inside it count, all time takes
/// undated ones too. A *book* is an entry: re-read within the range, it counts once.
///
/// *Pages read* are the pages of the sessions dated in the range plus, for each finish in it, the
/// edition's pages that its sessions did not log (`finish_facts.unlogged_pages`): the pages of a book
/// finished without sessions count on its finish day, and the pages of one read in sessions count on
/// the days they were read, finished or not. Home, Stats, the year page and goals all read this.
package struct StatsQuery {
    package let db: any Database
    package let userID: UUID
    /// Inclusive bounds; nil for all time.
    package let from: LocalDate?
    package let to: LocalDate?
    /// Only the entries the reader made public: what a shared year in books may show.
    package var publicOnly: Bool = false
    /// All time cut to the finishes of one year ("2024": days from "2024" to "2024-12-31", partial
    /// dates included) or the undated ones (""), counted as all time counts them: the part of all
    /// time's figures that year holds, which adds up with the other years' (`StatsYearFigures`).
    package var yearOfAllTime: String?

    package var sql: any SQLDatabase { db.sql }

    // MARK: which rows, and counting books among them

    /// The range's finishes: `FROM finish_facts ff WHERE` this.
    package var scope: SQLQueryString {
        var scope: SQLQueryString = "ff.user_id = \(bind: userID)"
        if let from, let to {
            scope = scope + " AND ff.day >= \(bind: from.description) AND ff.day <= \(bind: to.description)"
        }
        if publicOnly { scope = scope + " AND ff.is_public = \(bind: true)" }
        if let year = yearOfAllTime {
            // A range on the key rather than SUBSTR(day, 1, 4), so the year is read from the index;
            // "2024", "2024-05" and "2024-05-01" all sort inside it.
            scope =
                year.isEmpty
                ? scope + " AND ff.day = ''" : scope + " AND ff.day >= \(bind: year) AND ff.day <= \(bind: year + "-12-31")"
        }
        return scope
    }

    /// The distinct books among the rows (that meet `condition`). Every finish row carries flags for
    /// the first finish of its book in its month, its year and ever: over all time, or a range that
    /// is one whole year, a book count is a sum of the flag; any other range counts distinct entries.
    package func books(where condition: SQLQueryString? = nil) -> SQLQueryString {
        count(condition, flag: from == nil ? "first_ever" : (isWholeYears && from?.year == to?.year ? "first_in_year" : nil))
    }

    /// Books per month: the month flag holds when every month in the range is whole.
    package var monthBooks: SQLQueryString { count(nil, flag: from == nil || isWholeMonths ? "first_in_month" : nil) }

    /// Books per year, summed from months by `periods()`: the year flag holds when every year in the
    /// range is whole; otherwise the years are counted on their own and this is not read (0).
    private var yearBooks: SQLQueryString { from == nil || isWholeYears ? count(nil, flag: "first_in_year") : "0" }

    private func count(_ condition: SQLQueryString?, flag: String?) -> SQLQueryString {
        switch (condition, flag) {
        case (nil, let flag?): return "COALESCE(SUM(ff.\(unsafeRaw: flag)), 0)"
        case (let condition?, let flag?): return "COALESCE(SUM(CASE WHEN \(condition) THEN ff.\(unsafeRaw: flag) ELSE 0 END), 0)"
        case (nil, nil): return "COUNT(DISTINCT ff.entry_id)"
        case (let condition?, nil): return "COUNT(DISTINCT CASE WHEN \(condition) THEN ff.entry_id END)"
        }
    }

    private var isWholeMonths: Bool {
        guard let from, let to else { return true }
        return from.day == 1 && to.adding(days: 1).day == 1
    }

    private var isWholeYears: Bool {
        guard let from, let to else { return true }
        return from.month == 1 && from.day == 1 && to.month == 12 && to.day == 31
    }

    // MARK: one pass for the figures that are sums

    /// The figures that are sums over the rows, raw, so that two disjoint sets of finishes add up
    /// (`StatsFigures`); averages and shares are worked out from them when read.
    package struct Overview: Codable, Equatable {
        package var books = 0
        package var finishes = 0
        package var pages = 0
        package var undated = 0
        /// Books by their rating, one star to five.
        package var stars = [0, 0, 0, 0, 0]
        package var rereads = 0
        /// Days from start to finish, summed over the finishes with both full dates, and how many those are.
        package var spanDays = 0
        package var spanFinishes = 0
        /// Books by the largest author-voice rank (2 yes, 0 no; the rest unknown).
        package var marginalised: [Answer: Int] = [:]
        package var indigenous: [Answer: Int] = [:]
        /// Books whose work names a translator (translated whatever the languages say).
        package var translatorNamed = 0
        /// Books with no translator and a language missing: `Translation` cannot tell.
        package var languageMissing = 0
        package var withoutGenre = 0

        package var ratings: StatsReport.Ratings {
            let rated = stars.reduce(0, +)
            let sum = stars.enumerated().reduce(0) { $0 + ($1.offset + 1) * $1.element }
            return StatsReport.Ratings(
                average: rated > 0 ? (Double(sum) / Double(rated) * 100).rounded() / 100 : nil, rated: rated,
                unrated: books - rated, distribution: stars)
        }

        package var averageDaysToFinish: Double? {
            spanFinishes > 0 ? (Double(spanDays) / Double(spanFinishes) * 10).rounded() / 10 : nil
        }

        package static func + (a: Overview, b: Overview) -> Overview {
            let add = { (x: [Answer: Int], y: [Answer: Int]) in x.merging(y, uniquingKeysWith: +) }
            return Overview(
                books: a.books + b.books, finishes: a.finishes + b.finishes, pages: a.pages + b.pages,
                undated: a.undated + b.undated, stars: zip(a.stars, b.stars).map(+), rereads: a.rereads + b.rereads,
                spanDays: a.spanDays + b.spanDays, spanFinishes: a.spanFinishes + b.spanFinishes,
                marginalised: add(a.marginalised, b.marginalised), indigenous: add(a.indigenous, b.indigenous),
                translatorNamed: a.translatorNamed + b.translatorNamed, languageMissing: a.languageMissing + b.languageMissing,
                withoutGenre: a.withoutGenre + b.withoutGenre)
        }
    }

    /// Home's figures in one statement: the span's books and pages as `overview` counts them, and
    /// the books ever read (a finish on record, `first_ever`), whatever the span.
    package func quickFigures() async throws -> (books: Int, pages: Int, allTime: Int) {
        let row = try await sql.raw(
            """
            SELECT \(books()) AS books, CAST(COALESCE(SUM(ff.unlogged_pages), 0) AS BIGINT) AS pages,
              (\(sessionPages(byMonth: false))) AS session_pages,
              (SELECT COALESCE(SUM(a.first_ever), 0) FROM finish_facts a WHERE a.user_id = \(bind: userID)) AS all_time
            FROM finish_facts ff WHERE \(scope)
            """
        ).first()
        guard let row else { return (0, 0, 0) }
        let int = { (column: String) in try row.decode(column: column, as: Int.self) }
        return (try int("books"), try int("pages") + int("session_pages"), try int("all_time"))
    }

    package func overview() async throws -> Overview {
        let dialect = sql.databaseDialect
        let span: SQLQueryString = "\(unsafeRaw: dialect.daysBetween("ff.started", "ff.day"))"
        let dated: SQLQueryString =
            "ff.day <> '' AND ff.started IS NOT NULL AND LENGTH(ff.day) = 10 AND LENGTH(ff.started) = 10 AND ff.started <= ff.day"
        let noGenre: SQLQueryString = "\(unsafeRaw: dialect.isEmptyList("ff.genres"))"
        let stars: [SQLQueryString] = (1...5).map { "\(books(where: "ff.rating = \(literal: $0)")) AS r\(unsafeRaw: String($0))" }
        let row = try await sql.raw(
            """
            SELECT \(books()) AS books, COUNT(*) AS finishes, CAST(COALESCE(SUM(ff.unlogged_pages), 0) AS BIGINT) AS pages,
              (\(sessionPages(byMonth: false))) AS session_pages,
              COALESCE(SUM(CASE WHEN ff.day = '' THEN 1 ELSE 0 END), 0) AS undated, \(SQLList(stars)),
              \(books(where: "ff.reread = 1")) AS rereads,
              CAST(COALESCE(SUM(CASE WHEN \(dated) THEN \(span) END), 0) AS BIGINT) AS span_days,
              COALESCE(SUM(CASE WHEN \(dated) THEN 1 ELSE 0 END), 0) AS span_finishes,
              \(books(where: "ff.marginalised = 2")) AS marginalised_yes, \(books(where: "ff.marginalised = 0")) AS marginalised_no,
              \(books(where: "ff.indigenous = 2")) AS indigenous_yes, \(books(where: "ff.indigenous = 0")) AS indigenous_no,
              \(books(where: "ff.translator = 1")) AS translator_named,
              \(books(where: "ff.translator = 0 AND (ff.original_language IS NULL OR ff.language IS NULL)")) AS language_missing,
              \(books(where: noGenre)) AS without_genre
            FROM finish_facts ff WHERE \(scope)
            """
        ).first()
        guard let row else { return Overview() }
        let int = { (column: String) in try row.decode(column: column, as: Int.self) }
        var overview = Overview()
        overview.books = try int("books")
        overview.finishes = try int("finishes")
        overview.pages = try int("pages") + int("session_pages")
        overview.undated = try int("undated")
        overview.stars = try (1...5).map { try int("r\($0)") }
        overview.rereads = try int("rereads")
        overview.spanDays = try int("span_days")
        overview.spanFinishes = try int("span_finishes")
        overview.marginalised = Self.answers(yes: try int("marginalised_yes"), no: try int("marginalised_no"), of: overview.books)
        overview.indigenous = Self.answers(yes: try int("indigenous_yes"), no: try int("indigenous_no"), of: overview.books)
        overview.translatorNamed = try int("translator_named")
        overview.languageMissing = try int("language_missing")
        overview.withoutGenre = try int("without_genre")
        return overview
    }

    private static func answers(yes: Int, no: Int, of books: Int) -> [Answer: Int] {
        [.yes: yes, .no: no, .unknown: books - yes - no]
    }

    // MARK: by month and year

    /// Finishes by month (the first seven characters of their day) and by year.
    package func periods() async throws -> (months: [StatsReport.Period], years: [StatsReport.Period]) {
        let rows = try await sql.raw(
            """
            SELECT SUBSTR(ff.day, 1, 7) AS period, \(monthBooks) AS books, \(yearBooks) AS year_books, COUNT(*) AS finishes,
              CAST(COALESCE(SUM(ff.unlogged_pages), 0) AS BIGINT) AS pages
            FROM finish_facts ff WHERE \(scope) AND ff.day <> '' GROUP BY SUBSTR(ff.day, 1, 7) ORDER BY period
            """
        ).all()
        var byMonth: [String: StatsReport.Period] = [:]
        var yearBooks: [String: Int] = [:]
        for row in rows {
            let month = StatsReport.Period(
                period: try row.decode(column: "period", as: String.self), books: try row.decode(column: "books", as: Int.self),
                finishes: try row.decode(column: "finishes", as: Int.self), pages: try row.decode(column: "pages", as: Int.self))
            byMonth[month.period] = month
            yearBooks[String(month.period.prefix(4)), default: 0] += try row.decode(column: "year_books", as: Int.self)
        }
        // A month with sessions and no finish has pages and no books.
        for (period, pages) in try await sessionPagesByMonth() {
            let month = byMonth[period]
            byMonth[period] = StatsReport.Period(
                period: period, books: month?.books ?? 0, finishes: month?.finishes ?? 0, pages: (month?.pages ?? 0) + pages)
        }
        let months = byMonth.values.sorted { $0.period < $1.period }
        var years: [String: (books: Int, finishes: Int, pages: Int)] = [:]
        for month in months {
            let year = String(month.period.prefix(4))
            years[year, default: (yearBooks[year] ?? 0, 0, 0)].finishes += month.finishes
            years[year, default: (yearBooks[year] ?? 0, 0, 0)].pages += month.pages
        }
        // A range that cuts a year counts that year's books by distinct entries, which months cannot sum.
        guard from == nil || isWholeYears else {
            let pagesByYear = Dictionary(grouping: months, by: { String($0.period.prefix(4)) }).mapValues {
                $0.reduce(0) { $0 + $1.pages }
            }
            var counted = Dictionary(try await yearsCounted().map { ($0.period, $0) }, uniquingKeysWith: { a, _ in a })
            for (year, pages) in pagesByYear {
                counted[year] = StatsReport.Period(
                    period: year, books: counted[year]?.books ?? 0, finishes: counted[year]?.finishes ?? 0, pages: pages)
            }
            return (months, counted.values.sorted { $0.period < $1.period })
        }
        return (
            months,
            years.keys.sorted().map {
                StatsReport.Period(period: $0, books: years[$0]!.books, finishes: years[$0]!.finishes, pages: years[$0]!.pages)
            }
        )
    }

    private func yearsCounted() async throws -> [StatsReport.Period] {
        try await sql.raw(
            """
            SELECT SUBSTR(ff.day, 1, 4) AS period, COUNT(DISTINCT ff.entry_id) AS books, COUNT(*) AS finishes,
              CAST(COALESCE(SUM(ff.unlogged_pages), 0) AS BIGINT) AS pages
            FROM finish_facts ff WHERE \(scope) AND ff.day <> '' GROUP BY SUBSTR(ff.day, 1, 4) ORDER BY period
            """
        ).all().map {
            StatsReport.Period(
                period: try $0.decode(column: "period", as: String.self), books: try $0.decode(column: "books", as: Int.self),
                finishes: try $0.decode(column: "finishes", as: Int.self), pages: try $0.decode(column: "pages", as: Int.self))
        }
    }

    // MARK: pages read in sessions

    /// The session pages of the range (one sum, or by month as `period`), as
    /// `scope` chooses finishes: the reader's day totals, or for a shared year its public entries'
    /// sessions (the day totals do not split them). The undated part of all time has none.
    private func sessionPages(byMonth: Bool) -> SQLQueryString {
        let day: SQLQueryString = publicOnly ? "s.date" : "d.day"
        var query: SQLQueryString =
            publicOnly
            ? """
            SELECT \(unsafeRaw: byMonth ? "SUBSTR(s.date, 1, 7) AS period, " : "")CAST(COALESCE(SUM(s.pages_read), 0) AS BIGINT) AS pages
            FROM reading_sessions s JOIN library_entries e ON e.id = s.entry_id
            WHERE e.user_id = \(bind: userID) AND e.is_public = \(bind: true)
            """
            : """
            SELECT \(unsafeRaw: byMonth ? "SUBSTR(d.day, 1, 7) AS period, " : "")CAST(COALESCE(SUM(d.pages), 0) AS BIGINT) AS pages
            FROM session_days d WHERE d.user_id = \(bind: userID)
            """
        if let from, let to {
            query = query + " AND \(day) >= \(bind: from.description) AND \(day) <= \(bind: to.description)"
        }
        if let year = yearOfAllTime {
            query =
                year.isEmpty
                ? query + " AND \(day) = ''" : query + " AND \(day) >= \(bind: year) AND \(day) <= \(bind: year + "-12-31")"
        }
        if byMonth { query = query + " GROUP BY SUBSTR(\(day), 1, 7)" }
        return query
    }

    private func sessionPagesByMonth() async throws -> [(String, Int)] {
        try await sql.raw(sessionPages(byMonth: true)).all().compactMap {
            let pages = try $0.decode(column: "pages", as: Int.self)
            return pages == 0 ? nil : (try $0.decode(column: "period", as: String.self), pages)
        }
    }

    /// The years with a dated finish or a session, newest first. Each year of finishes is one seek
    /// on the table's key (the smallest day from the year after the last one found), not a scan of
    /// every finish; the sessions' years come from the reader's day totals (a row a reading day).
    package func yearsWithBooks() async throws -> [Int] {
        let next: SQLQueryString = "SELECT SUBSTR(MIN(ff.day), 1, 4) FROM finish_facts ff WHERE ff.user_id = \(bind: userID)"
        let rows = try await sql.raw(
            """
            WITH RECURSIVE found(year) AS (
              SELECT (\(next) AND ff.day > '')
              UNION ALL
              SELECT (\(next) AND ff.day >= CAST(CAST(found.year AS INTEGER) + 1 AS TEXT)) FROM found WHERE found.year IS NOT NULL
            )
            SELECT year FROM found WHERE year IS NOT NULL
            UNION SELECT DISTINCT SUBSTR(d.day, 1, 4) AS year FROM session_days d WHERE d.user_id = \(bind: userID)
            """
        ).all()
        return try Set(rows.compactMap { Int(try $0.decode(column: "year", as: String.self)) }).sorted(by: >)
    }

    package init(
        db: any Database, userID: UUID, from: LocalDate? = nil, to: LocalDate? = nil, publicOnly: Bool = false,
        yearOfAllTime: String? = nil
    ) {
        self.db = db
        self.userID = userID
        self.from = from
        self.to = to
        self.publicOnly = publicOnly
        self.yearOfAllTime = yearOfAllTime
    }
}
