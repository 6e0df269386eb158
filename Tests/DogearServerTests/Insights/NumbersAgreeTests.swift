import DogearTestSupport
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore
@testable import DogearViews

/// One definition of books and pages read: a book counts once a finish is on record (`finish_facts`),
/// whichever page or endpoint asks. Home once counted `read_count` too and said 536 where Stats and
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
}
