import DogearCore
import DogearStore
import DogearViews
import FluentKit
import Foundation

/// A year in books: the reader's own summary (private entries and goals included, since only they
/// see it), and the link that shares it. A shared summary is built from the reader's public
/// entries only, with no goals and no notes (`InsightsAccess.readSharedYear`): a private book never
/// shows, not even as a count.
package struct YearService {
    package let db: any Database
    package let today: LocalDate
    /// Where Dogear is reached, for the share link (`DOGEAR_BASE_URL`).
    package let baseURL: String

    package static let notFound = DomainError.notFound(.yearNotFound, "no such year in books")

    /// The signed-in reader's year.
    package func summary(of user: User, year: Int) async throws -> YearRecord {
        try Self.check(year)
        let userID = try user.requireID()
        let goals = try await GoalService(db: db, user: user, today: today).goals(year: year)
        let share = try await YearShare.query(on: db).filter(\.$user.$id == userID).filter(\.$year == year).first()
        return try await build(
            userID: userID, ownerName: user.displayName, year: year, publicOnly: false, goals: goals,
            shareUrl: share.map { link($0.token) })
    }

    /// Anyone holding the token, signed in or not, while the link is live.
    package func shared(token: String) async throws -> YearRecord {
        let share = try await YearShare.query(on: db).filter(\.$token == token).with(\.$user).first()
        guard InsightsAccess.readSharedYear(tokenIsLive: share != nil) == .allow, let share else { throw Self.notFound }
        return try await build(
            userID: try share.user.requireID(), ownerName: share.user.displayName, year: share.year, publicOnly: true,
            goals: [], shareUrl: nil)
    }

    /// The year's link: the live one if there is one, else a new unguessable token.
    package func share(for user: User, year: Int) async throws -> (YearShareRecord, created: Bool) {
        try Self.check(year)
        let userID = try user.requireID()
        try Self.allow(.shareYear, user)
        if let live = try await YearShare.query(on: db).filter(\.$user.$id == userID).filter(\.$year == year).first() {
            return (YearShareRecord(year: year, token: live.token, url: link(live.token)), false)
        }
        let share = YearShare(userID: userID, year: year, token: Self.newToken())
        try await db.writeTransaction { db in try await share.create(on: db) }
        return (YearShareRecord(year: year, token: share.token, url: link(share.token)), true)
    }

    /// Revokes the year's link: its token reads nothing from now on. Nothing to revoke is not an error.
    package func unshare(for user: User, year: Int) async throws {
        try Self.check(year)
        let userID = try user.requireID()
        try Self.allow(.shareYear, user)
        try await db.writeTransaction { db in
            try await YearShare.query(on: db).filter(\.$user.$id == userID).filter(\.$year == year).delete()
        }
    }

    package func link(_ token: String) -> String { baseURL + SiteURL.sharedYear(token).path }

    /// 24 random bytes, URL-safe: not guessable, not enumerable.
    package static func newToken() -> String {
        Data((0..<24).map { _ in UInt8.random(in: .min ... .max) }).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    package static func check(_ year: Int) throws {
        guard GoalDraft.years.contains(year) else {
            throw DomainError.badRequest("year must be a year such as 2026; got \(year)", field: "year")
        }
    }

    private static func allow(_ action: InsightsAccess.Action, _ user: User) throws {
        guard InsightsAccess.decide(action, by: .owner, tier: user.tier, tiersEnabled: false) == .allow else {
            throw notFound
        }
    }

    private func build(
        userID: UUID, ownerName: String, year: Int, publicOnly: Bool, goals: [GoalRecord], shareUrl: String?
    ) async throws -> YearRecord {
        var query = StatsQuery(
            db: db, userID: userID, from: LocalDate(year: year, month: 1, day: 1), to: LocalDate(year: year, month: 12, day: 31))
        query.publicOnly = publicOnly
        return try await Self.summary(query, ownerName: ownerName, year: year, goals: goals, shareUrl: shareUrl)
    }

    private static func summary(
        _ query: StatsQuery, ownerName: String, year: Int, goals: [GoalRecord], shareUrl: String?
    ) async throws -> YearRecord {
        let overview = try await query.overview()
        let named = try await query.namedBooks()
        let byMonth = Dictionary(
            try await query.periods().months.map { ($0.period, $0) }, uniquingKeysWith: { first, _ in first })
        let months = (1...12).map { String(format: "%04d-%02d", year, $0) }.map {
            byMonth[$0] ?? StatsReport.Period(period: $0, books: 0, finishes: 0, pages: 0)
        }
        return YearRecord(
            year: year, ownerName: ownerName, books: overview.books, finishes: overview.finishes, pages: overview.pages,
            minutes: try await query.sessions().minutes, byMonth: months,
            averageRating: overview.ratings.average,
            shortest: named["shortest"], longest: named["longest"],
            highestRated: named["highestRated"],
            first: named["first"], last: named["last"],
            mostReadAuthor: try await query.authors(limit: 1).first,
            topGenres: try await query.genres(limit: 5), goals: goals, shareUrl: shareUrl)
    }

    package init(db: any Database, today: LocalDate, baseURL: String) {
        self.db = db
        self.today = today
        self.baseURL = baseURL
    }
}
