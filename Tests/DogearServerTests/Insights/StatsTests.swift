import DogearCore
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Sets an author's gender and cultural region straight in the catalog.
/// Fills in the first author of an entry's book as a reader would, through the API.
func setAuthor(_ app: Application, token: String, of entry: EntryDTO?, gender: String, region: String) async throws {
    guard let author = entry?.work.authors.first else { throw TestFailure("no author to fill in") }
    let reply = try await app.send(
        .PATCH, "/api/v1/authors/\(author.id)", token: token, json: ["gender": gender, "culturalRegion": region])
    guard reply.status == .ok else { throw TestFailure("\(author.name): \(reply.body)") }
}

@Suite("Statistics: figures a reader checks by hand")
struct StatsTests {
    /// The library every figure below is worked out from (today is 2026-03-14):
    ///
    /// | book    | author (gender, region)        | pages | format    | genres            | finished              | rating |
    /// | Alpha   | Chimamanda (female, africa)    | 300   | paperback | Fiction, Literary | 2026-01-10 (from 01-01) | 5 |
    /// | Beta    | Haruki (male, asia)            | 400   | ebook     | Fiction           | 2026-02-20 (from 02-10), Japanese → en | 4 |
    /// | Gamma   | Nobody Known (—)               | 100   | —         | —                 | 2026-02-05            | —      |
    /// | Delta   | Tommy Orange (male, indigenous)| 250   | hardcover | Fiction           | 2025-06-01            | 3      |
    /// | Epsilon | Anne (female, europe)          | 320   |           |                   | gave up (started 2026-03-01) |  |
    /// | Zeta    | Haruki                         | 200   | hardcover | Fiction           | 2025-05-01, again 2026-03-02 (from 02-25), translator | 4 |
    /// | Eta     | Anne                           | 300   |           |                   | reading, page 50 today |       |
    static func library(_ app: Application, token: String) async throws -> [String: EntryDTO] {
        var entries: [String: EntryDTO] = [:]
        func add(_ title: String, _ author: String, pages: Int, book: [String: Any] = [:], entry: [String: Any]) async throws {
            var body: [String: Any] = ["title": title, "authors": [author], "pageCount": pages]
            for (key, value) in book { body[key] = value }
            var request: [String: Any] = ["book": body]
            for (key, value) in entry { request[key] = value }
            let reply = try await app.send(.POST, "/api/v1/library", token: token, json: request)
            guard reply.status == .created else { throw TestFailure("\(title): \(reply.body)") }
            entries[title] = try reply.entry
        }
        try await add(
            "Alpha", "Chimamanda", pages: 300,
            book: ["format": "paperback", "genres": ["Fiction", "Literary"], "language": "en", "originalLanguage": "en"],
            entry: ["status": "read", "dateStarted": "2026-01-01", "dateFinished": "2026-01-10", "rating": 5])
        try await add(
            "Beta", "Haruki", pages: 400,
            book: ["format": "ebook", "genres": ["Fiction"], "language": "en", "originalLanguage": "Japanese"],
            entry: ["status": "read", "dateStarted": "2026-02-10", "dateFinished": "2026-02-20", "rating": 4])
        try await add("Gamma", "Nobody Known", pages: 100, entry: ["status": "read", "dateFinished": "2026-02-05"])
        try await add(
            "Delta", "Tommy Orange", pages: 250, book: ["format": "hardcover", "genres": ["Fiction"]],
            entry: ["status": "read", "dateFinished": "2025-06-01", "rating": 3])
        try await add("Epsilon", "Anne", pages: 320, entry: ["status": "didNotFinish", "dateStarted": "2026-03-01"])
        try await add(
            "Zeta", "Haruki", pages: 200, book: ["format": "hardcover", "genres": ["Fiction"], "translator": "Jay Rubin"],
            entry: ["status": "read", "dateStarted": "2025-04-21", "dateFinished": "2025-05-01", "rating": 4])
        let zeta = entries["Zeta"]!.id
        try await app.must(
            .POST, "/api/v1/library/\(zeta)/status", token: token, json: ["status": "reading", "date": "2026-02-25"])
        try await app.must(
            .POST, "/api/v1/library/\(zeta)/status", token: token, json: ["status": "read", "date": "2026-03-02"])
        try await add("Eta", "Anne", pages: 300, entry: ["status": "reading"])
        let progress = try await app.send(
            .POST, "/api/v1/library/\(entries["Eta"]!.id)/progress", token: token, json: ["page": 50])
        #expect(progress.status == .ok, "\(progress.body)")
        try await setAuthor(app, token: token, of: entries["Alpha"], gender: "female", region: "africa")
        try await setAuthor(app, token: token, of: entries["Beta"], gender: "male", region: "asia")
        try await setAuthor(app, token: token, of: entries["Delta"], gender: "male", region: "indigenous")
        try await setAuthor(app, token: token, of: entries["Eta"], gender: "female", region: "europe")
        // Sessions on Alpha: two on the 10th, one on the 11th, one on the 13th; the progress on Eta
        // made the 14th (today) a reading day.
        for (date, minutes, pages) in [
            ("2026-03-10", 30, 20), ("2026-03-10", 15, 5), ("2026-03-11", 20, 10), ("2026-03-13", 10, 0),
        ] {
            let reply = try await app.send(
                .POST, "/api/v1/library/\(entries["Alpha"]!.id)/sessions", token: token,
                json: ["date": date, "minutes": minutes, "pagesRead": pages])
            #expect(reply.status == .created, "\(reply.body)")
        }
        return entries
    }

    @Test("a year: books and pages by month, ratings, genres, formats, authors, reading, finishing")
    func year() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entries = try await Self.library(app, token: token)
            let reply = try await app.send(.GET, "/api/v1/stats?year=2026", token: token)
            #expect(reply.status == .ok, "\(reply.body)")
            let stats = try reply.decode(StatsDTO.self)
            #expect(stats.range == StatsDTO.Range(year: 2026, from: nil, to: nil))
            #expect(stats.books == 4)  // Alpha, Beta, Gamma, Zeta
            #expect(stats.finishes == 4)
            // Four finishes, and the 35 pages of Alpha's sessions in March (logged after its finish,
            // so they are pages read again: they count where they were read).
            #expect(stats.pages == 300 + 400 + 100 + 200 + 35)
            #expect(
                stats.byMonth == [
                    .init(period: "2026-01", books: 1, finishes: 1, pages: 300),
                    .init(period: "2026-02", books: 2, finishes: 2, pages: 500),
                    .init(period: "2026-03", books: 1, finishes: 1, pages: 200 + 35),
                ])
            #expect(stats.ratings.distribution == [0, 0, 0, 2, 1])
            #expect(stats.ratings.average == 4.33)
            #expect(stats.ratings.unrated == 1)
            #expect(
                stats.genres == [
                    .init(name: "Fiction", books: 3), .init(name: "Literary", books: 1), .init(name: "(no genre)", books: 1),
                ])
            #expect(
                Set(stats.formats.map { "\($0.name)=\($0.books)" }) == ["paperback=1", "ebook=1", "hardcover=1", "unknown=1"])
            #expect(stats.authors.first?.name == "Haruki")
            #expect(stats.authors.first?.books == 2)
            #expect(stats.reading.minutes == 75)
            #expect(stats.reading.sessions == 4)
            #expect(stats.reading.sessionPages == 35)
            #expect(stats.reading.pagesPerDay == 11.7)  // 35 pages over 3 session days
            #expect(stats.reading.readingDays == 4)
            #expect(stats.reading.currentStreak == 2)  // the 13th and today
            #expect(stats.reading.longestStreak == 2)
            #expect(stats.reading.longestStreakEnded == "2026-03-14")
            #expect(stats.days.map(\.day) == ["2026-03-10", "2026-03-11", "2026-03-13", "2026-03-14"])
            #expect(stats.days.first == DayDTO(day: "2026-03-10", minutes: 45, pages: 25))
            #expect(stats.finishing.averageDaysToFinish == 8.0)  // 9, 10 and 5 days
            #expect(stats.finishing.shortest?.title == "Gamma")
            #expect(stats.finishing.longest?.title == "Beta")
            #expect(stats.finishing.longest?.entryId == entries["Beta"]!.id)
            #expect(stats.finishing.rereads == 1)
            #expect(stats.finishing.didNotFinish == 1)
            #expect(stats.finishing.dnfRate == 0.2)
        }
    }

    @Test("diversity: each share over its own known books, unknowns counted beside it")
    func diversity() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            _ = try await Self.library(app, token: token)
            let year = try await app.send(.GET, "/api/v1/stats?year=2026", token: token).decode(StatsDTO.self).diversity
            // Alpha (female), Beta and Zeta (male), Gamma (nothing known).
            #expect(year.authorGender.counts == [.init(name: "male", books: 2), .init(name: "female", books: 1)])
            #expect(year.authorGender.known == 3)
            #expect(year.authorGender.unknown == 1)
            #expect(year.culturalRegion.counts == [.init(name: "asia", books: 2), .init(name: "africa", books: 1)])
            #expect(year.culturalRegion.unknown == 1)
            #expect(year.marginalisedVoices == .init(yes: 1, no: 2, unknown: 1, share: 0.333))
            #expect(year.indigenousAuthors == .init(yes: 0, no: 3, unknown: 1, share: 0))
            // Beta (Japanese → en) and Zeta (a translator); Alpha (en → en) is not; Gamma is unknown.
            #expect(year.translated == .init(yes: 2, no: 1, unknown: 1, share: 0.667))

            let all = try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self)
            #expect(all.books == 5)
            #expect(all.finishes == 6)
            #expect(all.pages == 300 + 400 + 100 + 250 + 200 + 200 + 35)
            #expect(
                all.byYear == [
                    .init(period: "2025", books: 2, finishes: 2, pages: 450),
                    .init(period: "2026", books: 4, finishes: 4, pages: 1035),
                ])
            #expect(all.diversity.indigenousAuthors == .init(yes: 1, no: 3, unknown: 1, share: 0.25))
            #expect(all.reading.longestStreak == 2)
        }
    }

    @Test("a book marked toward a cultural goal is counted by its category")
    func culturalGoal() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entries = try await Self.library(app, token: token)
            for (title, category) in [("Alpha", "African Literature"), ("Beta", nil)] as [(String, String?)] {
                var patch: [String: Any] = ["countsTowardCulturalGoal": true]
                if let category { patch["culturalGoalCategory"] = category }
                let reply = try await app.send(.PATCH, "/api/v1/library/\(entries[title]!.id)", token: token, json: patch)
                #expect(reply.status == .ok, "\(reply.body)")
            }
            let stats = try await app.send(.GET, "/api/v1/stats?year=2026", token: token).decode(StatsDTO.self)
            #expect(
                stats.diversity.culturalGoal == [.init(name: "(none)", books: 1), .init(name: "African Literature", books: 1)])
        }
    }

    @Test("a range of days, its bad values named, and nothing of another reader's")
    func rangesAndOwners() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            _ = try await Self.library(app, token: token)
            let february = try await app.send(.GET, "/api/v1/stats?from=2026-02-01&to=2026-02-28", token: token).decode(
                StatsDTO.self)
            #expect(february.range == .init(year: nil, from: "2026-02-01", to: "2026-02-28"))
            #expect(february.books == 2)
            #expect(february.pages == 500)
            let since = try await app.send(.GET, "/api/v1/stats?from=2026-03-01", token: token).decode(StatsDTO.self)
            #expect(since.books == 1)
            #expect(since.finishing.didNotFinish == 1)

            for (query, field) in [
                ("year=twenty", "year"), ("year=2026&from=2026-01-01", "year"), ("from=2026-13-01", "from"),
                ("to=yesterday", "to"),
                ("from=2026-03-01&to=2026-02-01", "from"),
            ] {
                let reply = try await app.send(.GET, "/api/v1/stats?\(query)", token: token)
                #expect(reply.status == .badRequest, "\(query)")
                #expect(reply.errorField == field, "\(query)")
            }

            let other = try await app.signUp("other@example.com")
            let theirs = try await app.send(.GET, "/api/v1/stats", token: other).decode(StatsDTO.self)
            #expect(theirs.books == 0)
            #expect(theirs.reading.readingDays == 0)
            #expect(theirs.ratings.average == nil)
            #expect(try await app.send(.GET, "/api/v1/stats", token: nil).status == .unauthorized)
        }
    }

    @Test("streaks count the reader's own day: a progress update just after midnight in their zone")
    func streakTimeZone() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            // 10:30 UTC on the 14th is already 00:30 on the 15th at UTC+14.
            try await app.must(.PATCH, "/api/v1/me", token: token, json: ["timeZone": "Pacific/Kiritimati"])
            let entry = try await app.addEntry(token, pageCount: 300, extra: ["status": "reading"])
            try await app.must(
                .POST, "/api/v1/library/\(entry.id)/sessions", token: token, json: ["date": "2026-03-14", "minutes": 20])
            for page in [30, 40] {
                let reply = try await app.send(.POST, "/api/v1/library/\(entry.id)/progress", token: token, json: ["page": page])
                #expect(reply.status == .ok, "\(reply.body)")
            }
            let stats = try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self)
            #expect(stats.days.map(\.day) == ["2026-03-14", "2026-03-15"])
            #expect(stats.reading.currentStreak == 2)

            // The same in London: the 14th, once, however many updates.
            let london = try await app.signUp("london@example.com")
            try await app.must(.PATCH, "/api/v1/me", token: london, json: ["timeZone": "Europe/London"])
            let book = try await app.addEntry(london, pageCount: 300, extra: ["status": "reading"])
            try await app.must(.POST, "/api/v1/library/\(book.id)/progress", token: london, json: ["page": 30])
            try await app.must(.POST, "/api/v1/library/\(book.id)/progress", token: london, json: ["page": 60])
            let theirs = try await app.send(.GET, "/api/v1/stats", token: london).decode(StatsDTO.self)
            #expect(theirs.days.map(\.day) == ["2026-03-14"])
            #expect(theirs.reading.currentStreak == 1)
        }
    }

    @Test("a progress update refused after it wrote its reading day leaves no day; the next one that lands counts it")
    func readingDayOfARefusedWrite() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entry = try await app.addEntry(token, pageCount: 300, extra: ["status": "reading"])
            let path = "/api/v1/library/\(entry.id)/progress"
            // A stale If-Match is refused as the change is logged, after the day's row was written
            // in the same transaction: both go. Had the day been remembered as written before the
            // commit, the next update would skip writing it and the day would never count.
            let stale = try await app.send(.POST, path, token: token, json: ["page": 30], headers: ["If-Match": "\"999\""])
            #expect(stale.status == .preconditionFailed)
            var stats = try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self)
            #expect(stats.days.isEmpty)
            #expect(stats.reading.readingDays == 0)

            try await app.must(.POST, path, token: token, json: ["page": 40])
            try await app.must(.POST, path, token: token, json: ["page": 50])
            stats = try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self)
            #expect(stats.days.map(\.day) == ["2026-03-14"])
            #expect(stats.reading.readingDays == 1)
        }
    }

    @Test("a progress update in an atomic batch that is rolled back leaves no day; the next update counts it")
    func readingDayOfARolledBackBatch() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entry = try await app.addEntry(token, pageCount: 300, extra: ["status": "reading"])
            let progress = "/api/v1/library/\(entry.id)/progress"
            // The progress update's own transaction is the batch's, which the bad rating then rolls
            // back: had its day been remembered when the update finished, the day would be lost.
            let failing: [[String: Any]] = [
                ["method": "POST", "path": progress, "body": ["page": 30]],
                ["method": "PATCH", "path": "/api/v1/library/\(entry.id)", "body": ["rating": 9]],
            ]
            let reply = try await app.send(.POST, "/api/v1/batch", token: token, json: ["atomic": true, "operations": failing])
            #expect(reply.object["committed"] as? Bool == false, "\(reply.body.prefix(400))")
            var stats = try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self)
            #expect(stats.days.isEmpty)

            try await app.must(.POST, progress, token: token, json: ["page": 40])
            stats = try await app.send(.GET, "/api/v1/stats", token: token).decode(StatsDTO.self)
            #expect(stats.days.map(\.day) == ["2026-03-14"])
            #expect(stats.reading.readingDays == 1)
        }
    }

    @Test("with tiers on, a free account gets books and pages per year and is told the rest is premium")
    func tiers() async throws {
        try await withDogear(
            adjust: { $0.tiersEnabled = true },
            { app in
                let token = try await app.signUp()
                _ = try await Self.library(app, token: token)
                let full = try await app.send(.GET, "/api/v1/stats?year=2026", token: token)
                #expect(full.status == .forbidden)
                #expect(full.errorCode == "premiumRequired")
                let basic = try await app.send(.GET, "/api/v1/stats/basic?year=2026", token: token)
                #expect(basic.status == .ok)
                let figures = try basic.decode(BasicStatsDTO.self)
                #expect(figures.books == 4)
                #expect(figures.pages == 1035)
                try await app.db.sql.update("users").set("tier", to: "premium").run()
                #expect(try await app.send(.GET, "/api/v1/stats?year=2026", token: token).status == .ok)
            })
    }

    /// How the facts table's ranks read: 2 yes, 0 no, anything else unknown.
    static func answer(rank: Int?) -> Answer {
        switch rank {
        case 2: return .yes
        case 0: return .no
        default: return .unknown
        }
    }

    @Test("the SQL that ranks authors' voices says what Core's AuthorVoice says, for every gender and region")
    func voiceRuleInSQL() async throws {
        try await withDogear { app in
            let genders: [AuthorGender?] = [nil] + AuthorGender.allCases
            let regions: [CulturalRegion?] = [nil] + CulturalRegion.allCases
            for gender in genders {
                for region in regions {
                    let row = try await app.db.sql.raw(
                        """
                        SELECT \(unsafeRaw: StatsFactTriggers.marginalisedRank) AS m, \(unsafeRaw: StatsFactTriggers.indigenousRank) AS i
                        FROM (SELECT CAST(\(bind: gender?.rawValue) AS TEXT) AS gender, CAST(\(bind: region?.rawValue) AS TEXT) AS cultural_region) a
                        """
                    ).first()
                    let facts = AuthorVoice.Facts(gender: gender, region: region)
                    #expect(
                        Self.answer(rank: try row?.decode(column: "m", as: Int.self)) == AuthorVoice.isMarginalised(facts))
                    #expect(
                        Self.answer(rank: try row?.decode(column: "i", as: Int.self)) == AuthorVoice.isIndigenous(facts))
                }
            }
        }
    }
}
