import DogearTestSupport
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore
@testable import DogearViews

/// One definition of books and pages read: a book counts once a finish is on record (`finish_facts`),
/// whichever page or endpoint asks; pages read are the sessions' pages where they were read and what
/// each finish adds to them (`StatsQuery`). Home once counted `read_count` too and said 536 where Stats and
/// the Finished list said 534 for the same imported export.
@Suite("Home, Stats, the year page and the lists agree on what was read")
struct NumbersAgreeTests {
    @Test("after a real 619-row Goodreads export: the same books and pages read everywhere, grouped the same way")
    func agree() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let data = try #require(SharedFixtures.data("goodreads/romneyda-619rows-31col.csv"))
            #expect(try await app.importFile(token, data).status == "done")

            let home = try await app.send(.GET, "/api/v1/home", token: token).decode(HomeDTO.self)
            let allTime = try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self)
            let lists = try await app.send(.GET, "/api/v1/lists", token: token).decode([ListDTO].self)
            let finished = try #require(lists.first { $0.name == "Finished" })
            #expect(allTime.books > 500)
            #expect(home.stats.readAllTime == allTime.books)
            #expect(finished.itemCount == allTime.books)

            // The busiest year, and this year (which Home shows): Stats, the year endpoint and Home.
            let busiest = try #require(allTime.byYear.max { $0.books < $1.books })
            let thisYear = String(app.clock.now().formatted(.iso8601.year()))
            for year in [busiest.period, thisYear] {
                let stats = try await app.send(.GET, "/api/v1/stats?year=\(year)", token: token).decode(StatsDTO.self)
                let summary = try await app.send(.GET, "/api/v1/years/\(year)", token: token).decode(YearDTO.self)
                #expect(stats.books == summary.books, "\(year)")
                #expect(stats.pages == summary.pages, "\(year)")
                if year == busiest.period {
                    #expect(stats.books == busiest.books)
                    #expect(stats.pages == busiest.pages)
                } else {
                    #expect(home.stats.readThisYear == stats.books)
                    #expect(home.stats.pagesThisYear == stats.pages)
                }
            }

            // The pages say the same numbers, thousands grouped on each.
            let web = WebClient(app)
            try await web.signIn()
            let grouped = { (n: Int) in n.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) }
            let homePage = try await web.get("/").body
            #expect(homePage.contains("<strong>\(grouped(allTime.books))</strong><span>books read</span>"))
            let statsPage = try await web.get("/stats?year=\(busiest.period)").body
            #expect(statsPage.contains("<strong>\(grouped(busiest.books))</strong><span>books read</span>"))
            #expect(statsPage.contains("<strong>\(grouped(busiest.pages))</strong><span>pages</span>"))
            #expect(busiest.pages >= 1_000 && statsPage.contains(","))
            let yearPage = try await web.get(SiteURL.year(try #require(Int(busiest.period))).path).body
            #expect(yearPage.contains("<strong>\(grouped(busiest.books))</strong>"))
            #expect(yearPage.contains("<strong>\(grouped(busiest.pages))</strong>"))
        }
    }

    @Test("a past year shows no current streak; this year's longest streak is never shorter than the current one")
    func streaks() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entry = try await app.addEntry(token, extra: ["status": "reading"])
            try await app.must(.POST, "/api/v1/library/\(entry.id)/progress", token: token, json: ["page": 30])
            let now = try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self)
            #expect(now.reading.currentStreak == 1)
            #expect(now.reading.longestStreak == 1)

            let web = WebClient(app)
            try await web.signIn()
            let thisYear = try await web.get("/stats").body
            #expect(thisYear.contains("<dt>Current streak</dt><dd>1 day</dd>"))
            #expect(thisYear.contains("<dt>Longest streak</dt><dd>1 day</dd>"))
            let past = try await web.get("/stats?year=2019").body
            #expect(past.contains("<dt>Longest streak</dt><dd>0 days</dd>"))
            #expect(!past.contains("Current streak"))
            #expect(!past.contains("day streak"))
        }
    }

    @Test("a streak begun last December: on the 2nd of January this year's longest streak is the current one, 3 days")
    func streakAcrossNewYear() async throws {
        try await withDogear { app in
            // Noon UTC on 2 January 2027; the reader's time zone is UTC.
            app.clock = .fixed(Date(timeIntervalSince1970: 1_798_891_200))
            let token = try await app.signUp()
            let entry = try await app.addEntry(token, extra: ["status": "reading"])
            for day in ["2026-12-31", "2027-01-01"] {
                try await app.must(
                    .POST, "/api/v1/library/\(entry.id)/sessions", token: token, json: ["date": day, "minutes": 20])
            }
            try await app.must(.POST, "/api/v1/library/\(entry.id)/progress", token: token, json: ["page": 30])
            let year = try await app.send(.GET, "/api/v1/stats?year=2027", token: token).decode(StatsDTO.self)
            #expect(year.reading.currentStreak == 3)
            #expect(year.reading.longestStreak == 3)
            #expect(year.reading.longestStreakEnded == "2027-01-02")
            let last = try await app.send(.GET, "/api/v1/stats?year=2026", token: token).decode(StatsDTO.self)
            #expect(last.reading.longestStreak == 1)
        }
    }

    /// What every page and endpoint says a reader read, in pages, for one year.
    private static func pages(_ app: Application, _ token: String, year: Int) async throws -> [String: Int] {
        let stats = try await app.send(.GET, "/api/v1/stats?year=\(year)", token: token).decode(StatsDTO.self)
        let summary = try await app.send(.GET, "/api/v1/years/\(year)", token: token).decode(YearDTO.self)
        let allTime = try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self)
        let goals = try await app.send(.GET, "/api/v1/goals?year=\(year)", token: token).decode([GoalDTO].self)
        var seen = [
            "stats": stats.pages, "stats by month": stats.byMonth.reduce(0) { $0 + $1.pages }, "year page": summary.pages,
            "year page by month": summary.byMonth.reduce(0) { $0 + $1.pages },
            "all time's year": allTime.byYear.first { $0.period == String(year) }?.pages ?? 0,
        ]
        if let goal = goals.first(where: { $0.metric == "pages" }) { seen["pages goal"] = goal.progress.done }
        if year == 2026 {
            seen["home"] = try await app.send(.GET, "/api/v1/home", token: token).decode(HomeDTO.self).stats.pagesThisYear
        }
        return seen
    }

    @Test("pages logged in sessions count toward pages read and a pages goal, in the year they were read, finished or not")
    func sessionPages() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            try await app.must(.POST, "/api/v1/goals", token: token, json: ["year": 2026, "metric": "pages", "target": 1000])
            try await app.must(.POST, "/api/v1/goals", token: token, json: ["year": 2025, "metric": "pages", "target": 1000])
            let session = { (entry: EntryDTO, date: String, pages: Int) in
                try await app.must(
                    .POST, "/api/v1/library/\(entry.id)/sessions", token: token,
                    json: ["date": date, "minutes": 30, "pagesRead": pages])
            }
            // Read over New Year: 100 pages in December, 150 in January, finished on the 10th (400 pages).
            let overNewYear = try await app.addEntry(
                token, title: "Over New Year", pageCount: 400, extra: ["status": "reading", "dateStarted": "2025-12-01"])
            try await session(overNewYear, "2025-12-20", 100)
            try await session(overNewYear, "2026-01-05", 150)
            // Being read: 60 pages in February, not finished.
            let halfRead = try await app.addEntry(token, title: "Half Read", pageCount: 300, extra: ["status": "reading"])
            try await session(halfRead, "2026-02-01", 60)
            // Finished without a session: its 200 pages count on its finish day, as they always did.
            _ = try await app.addEntry(
                token, title: "No Sessions", pageCount: 200, extra: ["status": "read", "dateFinished": "2026-02-15"])
            // All time is read once (stored per year) before the finish, so a stale year would show.
            #expect(try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self).pages == 100 + 150 + 60 + 200)
            try await app.must(
                .POST, "/api/v1/library/\(overNewYear.id)/status", token: token, json: ["status": "read", "date": "2026-01-10"])

            // 2026: January's 150 in sessions and the 150 the finish adds, February's 60 and 200.
            let this = try await Self.pages(app, token, year: 2026)
            #expect(Set(this.values) == [150 + 150 + 60 + 200], "\(this)")
            #expect(this.count == 7)
            // 2025: December's sessions, in a year with no finish at all.
            let last = try await Self.pages(app, token, year: 2025)
            #expect(Set(last.values) == [100], "\(last)")
            let allTime = try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self)
            #expect(allTime.pages == 400 + 60 + 200)
            #expect(allTime.byYear.map(\.period) == ["2025", "2026"])
            #expect(allTime.books == 2)
            // The statistics page offers 2025, a year of sessions only, to pick.
            let web = WebClient(app)
            try await web.signIn()
            #expect(try await web.get("/stats").body.contains("<option value=\"2025\""))

            // The December session taken away (whatever deletes it): the finish adds those 100 pages instead.
            try await app.db.sql.raw("DELETE FROM reading_sessions WHERE date = \(bind: "2025-12-20")").run()
            #expect(Set(try await Self.pages(app, token, year: 2026).values) == [150 + 250 + 60 + 200])
            #expect(Set(try await Self.pages(app, token, year: 2025).values) == [0])
            #expect(try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self).pages == 400 + 60 + 200)

            // The statistics page says it in words.
            #expect(try await web.get("/stats?year=2026").body.contains("<strong>660</strong><span>pages</span>"))
        }
    }

    @Test("a re-read logged in sessions of a book read before on no known date counts its pages once more, not less")
    func rereadAfterAnUndatedRead() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            // Read once, date unknown (as imports often say); re-read now, 100 pages in sessions so far.
            let book = try await app.addEntry(token, title: "Read Before", pageCount: 300, extra: ["status": "read"])
            try await app.must(.PATCH, "/api/v1/library/\(book.id)", token: token, json: ["dateFinished": NSNull()])
            try await app.must(
                .POST, "/api/v1/library/\(book.id)/status", token: token, json: ["status": "reading", "date": "2026-02-01"])
            try await app.must(
                .POST, "/api/v1/library/\(book.id)/sessions", token: token,
                json: ["date": "2026-02-02", "minutes": 60, "pagesRead": 100])
            var allTime = try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self)
            #expect(allTime.pages == 300 + 100)
            #expect(try await app.send(.GET, "/api/v1/stats?year=2026", token: token).decode(StatsDTO.self).pages == 100)
            // Finished again: the first read's 300 and the re-read's 300, 100 of them in February's session.
            try await app.must(
                .POST, "/api/v1/library/\(book.id)/status", token: token, json: ["status": "read", "date": "2026-03-01"])
            allTime = try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self)
            #expect(allTime.pages == 600)
            #expect(allTime.finishes == 2)
            let year = try await app.send(.GET, "/api/v1/stats?year=2026", token: token).decode(StatsDTO.self)
            #expect(year.byMonth.map { "\($0.period)=\($0.pages)" } == ["2026-02=100", "2026-03=200"])
        }
    }
}
