import DogearCore
import DogearStore
import FluentKit
import Foundation

/// A reader's statistics, for the API's `GET /api/v1/stats`, the `/stats` page and the year page alike.
/// Reads only the reader's own library (private entries included: only they see these figures).
package struct StatsService {
    package let db: any Database
    package let user: User
    package let today: LocalDate
    package let tiersEnabled: Bool

    /// A year, a range of days, or all time, as the query string gives it.
    package struct Range: Equatable, Sendable {
        package var year: Int?
        package var from: LocalDate?
        package var to: LocalDate?

        package static let allTime = Range()

        package static func year(_ year: Int) -> Range {
            Range(year: year, from: LocalDate(year: year, month: 1, day: 1), to: LocalDate(year: year, month: 12, day: 31))
        }

        /// `year` alone, `from` and/or `to` (yyyy-MM-dd, inclusive; an open end is open), or nothing
        /// for all time. A year with dates, an unreadable value or a range that ends before it starts
        /// is refused naming the parameter.
        package static func parse(year: String?, from: String?, to: String?) throws -> Range {
            let from = from.flatMap { $0.isEmpty ? nil : $0 }
            let to = to.flatMap { $0.isEmpty ? nil : $0 }
            if let year, !year.isEmpty {
                guard from == nil, to == nil else {
                    throw DomainError.badRequest("give a year or from/to, not both", field: "year")
                }
                guard let number = Int(year), GoalDraft.years.contains(number) else {
                    throw DomainError.badRequest("year must be a year such as 2026; got '\(year)'", field: "year")
                }
                return .year(number)
            }
            guard from != nil || to != nil else { return .allTime }
            let start = try from.map { try day($0, field: "from") } ?? LocalDate(year: 1, month: 1, day: 1)!
            let end = try to.map { try day($0, field: "to") } ?? LocalDate(year: 9999, month: 12, day: 31)!
            guard start <= end else { throw DomainError.badRequest("'from' must not be after 'to'", field: "from") }
            return Range(year: nil, from: start, to: end)
        }

        private static func day(_ text: String, field: String) throws -> LocalDate {
            guard let day = LocalDate(text) else {
                throw DomainError.badRequest("\(field) must be a date such as 2026-03-01; got '\(text)'", field: field)
            }
            return day
        }

        package var report: StatsReport.Range {
            StatsReport.Range(year: year, from: year == nil ? from?.description : nil, to: year == nil ? to?.description : nil)
        }
    }

    private func check(_ action: InsightsAccess.Action) throws {
        switch InsightsAccess.decide(action, by: .owner, tier: user.tier, tiersEnabled: tiersEnabled) {
        case .allow: return
        case .notFound: throw DomainError.notFound(.statsNotFound, "no such statistics")
        case .premiumRequired:
            throw DomainError(
                .premiumRequired, code: .premiumRequired,
                "the full statistics come with a premium account; books and pages per year and your goals are yours")
        }
    }

    /// Whether this reader sees everything (pages show the rest as premium when not).
    package var seesAdvanced: Bool {
        InsightsAccess.decide(.readAdvancedStats, by: .owner, tier: user.tier, tiersEnabled: tiersEnabled) == .allow
    }

    /// All time merges stored year figures (`StatsYearFigures`); false reads all time in one pass,
    /// which is what the stored figures must always equal.
    package var storedYears: Bool = true

    /// The figures of the range's finishes that add up (`StatsFigures`).
    package func figures(_ range: Range) async throws -> StatsFigures {
        let userID = try user.requireID()
        if range == .allTime && storedYears { return try await StatsYearFigures(db: db, userID: userID).allTime() }
        return try await StatsQuery(db: db, userID: userID, from: range.from, to: range.to).figures()
    }

    package func stats(_ range: Range) async throws -> StatsReport {
        try check(.readAdvancedStats)
        let figures = try await figures(range)
        let overview = figures.overview
        let query = StatsQuery(db: db, userID: try user.requireID(), from: range.from, to: range.to)
        let sessions = try await query.sessions()
        let dnf = try await query.didNotFinish()
        let readingDays = ReadingDays(db: db)
        let inRange = try await readingDays.days(
            userID: try user.requireID(), from: range.from, through: min(today, range.to ?? today))
        let current = try await currentStreak(readingDays)
        var longest = ReadingStreak.from(days: inRange.map(\.day), today: min(today, range.to ?? today))
        // A range that reaches today holds today's streak, even one begun before the range did:
        // "current 1, longest 0" was seen when the range's own days held no run of its length.
        let reachesToday = (range.from.map { $0 <= today } ?? true) && (range.to.map { $0 >= today } ?? true)
        if reachesToday, current > longest.longest {
            longest = ReadingStreak(current: current, longest: current, longestEnded: inRange.last?.day)
        }
        let genres = Array(figures.genres.prefix(10))
        return StatsReport(
            range: range.report, books: overview.books, finishes: overview.finishes, pages: overview.pages,
            undatedFinishes: overview.undated, byMonth: figures.months, byYear: figures.years, ratings: overview.ratings,
            genres: genres
                + (overview.withoutGenre > 0 ? [StatsReport.Count(name: "(no genre)", books: overview.withoutGenre)] : []),
            formats: figures.facets.formats, authors: try await query.authors(),
            reading: StatsReport.Reading(
                minutes: sessions.minutes, sessions: sessions.sessions, sessionPages: sessions.pages, readingDays: inRange.count,
                pagesPerDay: sessions.days > 0 ? (Double(sessions.pages) / Double(sessions.days) * 10).rounded() / 10 : nil,
                currentStreak: current, longestStreak: longest.longest,
                longestStreakEnded: longest.longestEnded?.description),
            days: inRange.map { DayFigures(day: $0.day.description, minutes: $0.minutes, pages: $0.pages) },
            finishing: StatsReport.Finishing(
                averageDaysToFinish: overview.averageDaysToFinish, shortest: figures.named["shortest"],
                longest: figures.named["longest"], rereads: overview.rereads, didNotFinish: dnf,
                dnfRate: dnf + overview.books > 0 ? (Double(dnf) / Double(dnf + overview.books) * 1000).rounded() / 1000 : nil),
            diversity: figures.diversity)
    }

    /// The streak running up to today, read from the last year or so of reading days; only a streak
    /// that reaches back past that reads the rest.
    private func currentStreak(_ readingDays: ReadingDays) async throws -> Int {
        let window = 400
        let userID = try user.requireID()
        let recent = try await readingDays.distinctDays(userID: userID, from: today.adding(days: -window), through: today)
        let streak = ReadingStreak.from(days: recent, today: today).current
        guard streak >= window else { return streak }
        return ReadingStreak.from(
            days: try await readingDays.distinctDays(userID: userID, from: nil, through: today), today: today
        )
        .current
    }

    /// Books and pages per year: what every account sees.
    package func basic(_ range: Range) async throws -> BasicStatsReport {
        try check(.readBasicStats)
        if range == .allTime {
            let figures = try await figures(range)
            return BasicStatsReport(
                range: range.report, books: figures.overview.books, pages: figures.overview.pages, byYear: figures.years)
        }
        let query = StatsQuery(db: db, userID: try user.requireID(), from: range.from, to: range.to)
        let overview = try await query.overview()
        return BasicStatsReport(
            range: range.report, books: overview.books, pages: overview.pages, byYear: try await query.periods().years)
    }

    /// The years with a dated finish or a session, newest first (the year picker).
    package func yearsWithBooks() async throws -> [Int] {
        try check(.readBasicStats)
        return try await StatsQuery(db: db, userID: try user.requireID(), from: nil, to: nil).yearsWithBooks()
    }

    package init(db: any Database, user: User, today: LocalDate, tiersEnabled: Bool, storedYears: Bool = true) {
        self.db = db
        self.user = user
        self.today = today
        self.tiersEnabled = tiersEnabled
        self.storedYears = storedYears
    }
}
