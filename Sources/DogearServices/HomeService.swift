import DogearCore
import DogearStore
import FluentKit
import Foundation

/// Home: what the reader is reading, the five most recent finishes, quick stats.
package struct HomeService {
    /// The books being read that Home shows, those read last; the rest wait on the Reading shelf
    /// (Home says how many, and links there). A reader with 160 books "reading" after an import
    /// gets a Home of ten cards, not 160, and Home costs what those ten cost.
    package static let readingShown = 10

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
        // How many there are in all comes with them (the window counts every row before the limit).
        let readingRows = try await db.sql.raw(
            """
            SELECT id, COUNT(*) OVER () AS total FROM library_entries
            WHERE user_id = \(bind: userID) AND status = 'reading'
            ORDER BY last_read_at IS NULL, last_read_at DESC, date_started IS NULL, date_started DESC,
              updated_at DESC
            LIMIT \(bind: Self.readingShown)
            """
        ).all()
        let reading = try readingRows.map { try $0.decode(column: "id", as: UUID.self) }
        let readingCount = try readingRows.first?.decode(column: "total", as: Int.self) ?? 0
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
            readingCount: readingCount,
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
