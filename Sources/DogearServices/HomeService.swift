import DogearCore
import DogearStore
import FluentKit
import Foundation

/// Home: what the reader is reading, the five most recent finishes, quick stats.
package struct HomeService {
    package let db: any Database
    package let user: User
    package let now: Date

    package func home() async throws -> HomeRecord {
        let userID = try user.requireID()
        let zone = TimeZone(identifier: user.timeZone) ?? .gmt
        let today = LocalDate(now, in: zone)
        // Which entries, by id; `EntryLoader` reads them all in one statement. The statuses are
        // literals, as 025's partial indexes say them, so those indexes find the rows. What is
        // being read comes by when it was last read here, then (imported books, never opened here)
        // by when it was started; not by `updated_at`, which an import or a rating moves.
        let reading = try await db.sql.raw(
            """
            SELECT id FROM library_entries WHERE user_id = \(bind: userID) AND status = 'reading'
            ORDER BY last_read_at IS NULL, last_read_at DESC, date_started IS NULL, date_started DESC,
              updated_at DESC
            LIMIT 50
            """
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
        let finished = try await db.sql.raw(
            """
            SELECT id FROM library_entries WHERE user_id = \(bind: userID) AND status = 'read'
            ORDER BY date_finished DESC, updated_at DESC LIMIT 5
            """
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
        let loaded = try await EntryLoader(db: db, today: today).load(reading + finished)
        let stats = try await HomeStatsQuery(db: db).stats(userID: userID, year: today.year)
        let membership = ClubMembershipService(db: db, user: user, tiersEnabled: false)
        let clubs = try await ClubService(membership: membership, today: today).clubs(limit: 3)
        return HomeRecord(
            greeting: Self.greeting(at: now, in: zone),
            displayName: user.displayName,
            currentlyReading: Array(loaded.prefix(reading.count)),
            recentlyFinished: Array(loaded.dropFirst(reading.count)),
            stats: .init(readAllTime: stats.readAllTime, readThisYear: stats.readThisYear, pagesThisYear: stats.pagesThisYear),
            clubs: clubs,
            goals: try await GoalService(db: db, user: user, today: today).goals(year: today.year))
    }

    package static func greeting(at date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        switch calendar.component(.hour, from: date) {
        case 5..<12: return "Good morning"
        case 12..<18: return "Good afternoon"
        default: return "Good evening"
        }
    }

    package init(db: any Database, user: User, now: Date) {
        self.db = db
        self.user = user
        self.now = now
    }
}
