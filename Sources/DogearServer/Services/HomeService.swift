import DogearCore
import DogearServices
import DogearStore
import Fluent
import Vapor

package struct HomeDTO: Content {
    package struct Stats: Content, Equatable {
        package let readAllTime: Int
        package let readThisYear: Int
        package let pagesThisYear: Int
    }
    /// "Good morning", "Good afternoon" or "Good evening", by the hour in the user's time zone.
    package let greeting: String
    package let displayName: String
    package let currentlyReading: [EntryDTO]
    package let recentlyFinished: [EntryDTO]
    package let stats: Stats
    /// The reader's first three clubs, in the order they joined them.
    package let clubs: [ClubDTO]
    /// This year's goals with where each stands today.
    package let goals: [GoalDTO]
}

/// Home: what the reader is reading, the five most recent finishes, quick stats.
package struct HomeService {
    package let db: any Database
    package let user: User
    package let now: Date

    package func home() async throws -> HomeDTO {
        let userID = try user.requireID()
        let zone = TimeZone(identifier: user.timeZone) ?? .gmt
        let today = LocalDate(now, in: zone)
        // Which entries, by id; `EntryLoader` reads them all in one statement. The statuses are
        // literals, as 025's partial indexes say them, so those indexes give the order.
        let reading = try await db.sql.raw(
            """
            SELECT id FROM library_entries WHERE user_id = \(bind: userID) AND status = 'reading'
            ORDER BY updated_at DESC LIMIT 50
            """
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
        let finished = try await db.sql.raw(
            """
            SELECT id FROM library_entries WHERE user_id = \(bind: userID) AND status = 'read'
            ORDER BY date_finished DESC, updated_at DESC LIMIT 5
            """
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
        let loaded = try await EntryLoader(db: db, today: today).load(reading + finished).map(EntryDTO.init)
        let stats = try await HomeStatsQuery(db: db).stats(userID: userID, year: today.year)
        let membership = ClubMembershipService(db: db, user: user, tiersEnabled: false)
        let clubs = try await ClubService(membership: membership, today: today).clubs(limit: 3)
        return HomeDTO(
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
}
