import DogearCore
import DogearTestSupport
import Fluent
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// All time is merged from figures stored per reader and year (`stats_year_figures`), kept until a
/// finish in that year changes. These tests hold the merged figures to all time read in one pass,
/// and check that a change clears its own year and no other.
@Suite("All-time statistics from stored year figures")
struct StatsYearFiguresTests {
    /// year → (generation, whether figures are stored), for every reader.
    static func years(_ app: Application) async throws -> [String: (generation: Int, stored: Bool)] {
        var years: [String: (generation: Int, stored: Bool)] = [:]
        for row in try await app.db.sql.raw("SELECT year, generation, payload FROM stats_year_figures").all() {
            years[try row.decode(column: "year", as: String.self)] = (
                try row.decode(column: "generation", as: Int.self),
                try row.decode(column: "payload", as: String?.self) != nil
            )
        }
        return years
    }

    static func service(_ app: Application, storedYears: Bool) async throws -> StatsService {
        let user = try #require(try await User.query(on: app.db).first())
        let today = LocalDate(app.clock.now(), in: TimeZone(identifier: user.timeZone) ?? .gmt)
        var service = StatsService(db: app.db, user: user, today: today, tiersEnabled: false)
        service.storedYears = storedYears
        return service
    }

    /// A past read of a book, as an import writes one.
    static func addRead(_ app: Application, to entryID: UUID, started: String?, finished: String) async throws {
        try await app.db.sql.raw(
            """
            INSERT INTO read_throughs (id, entry_id, started_on, finished_on, outcome, created_at, updated_at)
            VALUES (\(bind: UUID()), \(bind: entryID), \(bind: started), \(bind: finished), 'read', \(bind: Date()), \(bind: Date()))
            """
        ).run()
        try await app.db.sql.raw("UPDATE library_entries SET read_count = read_count + 1 WHERE id = \(bind: entryID)").run()
    }

    /// All time as the API serves it (stored years) must equal all time read in one pass.
    static func expectSameAllTime(_ app: Application, _ token: String, _ step: String) async throws {
        let served = try await StatsFactsTests.stats(app, token)
        let direct = StatsDTO(try await Self.service(app, storedYears: false).stats(.allTime))
        #expect(served == direct, "after \(step)")
        #expect(served.books == direct.books, "after \(step)")
    }

    @Test("all time merged from stored years equals all time read in one pass, after every kind of write")
    func mergedEqualsDirect() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entries = try await StatsTests.library(app, token: token)
            // A real export adds years back to the 1990s, re-reads, undated finishes and ties.
            let file = try #require(SharedFixtures.directory?.appendingPathComponent("goodreads/romneyda-619rows-31col.csv"))
            let job = try await app.importFile(token, try Data(contentsOf: file), fileName: file.lastPathComponent)
            #expect(job.status == "done")
            try await Self.expectSameAllTime(app, token, "the import")
            let years = try await Self.years(app)
            #expect(years.count > 5)
            #expect(years.values.allSatisfy { $0.stored })
            // Served twice from the stored figures alone: the same answer.
            try await Self.expectSameAllTime(app, token, "nothing")

            let sql = app.db.sql
            let alpha = try #require(entries["Alpha"]).id
            let patch = try await app.send(
                .PATCH, "/api/v1/library/\(alpha)", token: token, json: ["rating": 1, "dateFinished": "2019-07-04"])
            #expect(patch.status == .ok, "\(patch.body)")
            try await Self.expectSameAllTime(app, token, "a book moved to another year")
            // A re-read added to a book first read in 2025 makes 2024 its first finish ever.
            try await Self.addRead(app, to: try #require(entries["Delta"]).id, started: "2024-01-02", finished: "2024-01-20")
            try await Self.expectSameAllTime(app, token, "a past read")
            let beta = try #require(entries["Beta"])
            let work = try #require(try await Work.find(beta.work.id, on: app.db))
            work.genres = ["Horror"]
            try await work.save(on: app.db)
            try await sql.raw("UPDATE editions SET page_count = 12 WHERE id = \(bind: try #require(beta.edition?.id))").run()
            try await Self.expectSameAllTime(app, token, "catalog edits")
            #expect(try await app.send(.DELETE, "/api/v1/library/\(entries["Gamma"]!.id)", token: token).status == .noContent)
            try await Self.expectSameAllTime(app, token, "a deletion")
        }
    }

    @Test("a rating changed on a 2026 book clears 2026's stored figures and no other year's")
    func changeClearsItsYear() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entries = try await StatsTests.library(app, token: token)
            _ = try await StatsFactsTests.stats(app, token)
            let before = try await Self.years(app)
            #expect(Set(before.keys) == ["2025", "2026"])
            #expect(before.values.allSatisfy { $0.stored })

            let reply = try await app.send(.PATCH, "/api/v1/library/\(entries["Alpha"]!.id)", token: token, json: ["rating": 2])
            #expect(reply.status == .ok, "\(reply.body)")
            let after = try await Self.years(app)
            #expect(after["2026"]?.stored == false)
            #expect(after["2026"]!.generation > before["2026"]!.generation)
            #expect(after["2025"]?.stored == true)
            #expect(after["2025"]?.generation == before["2025"]?.generation)

            let stats = try await StatsFactsTests.stats(app, token)
            #expect(stats.ratings.distribution == [0, 1, 1, 2, 0])  // Alpha now 2; Beta, Zeta 4; Delta 3
            #expect(try await Self.years(app).values.allSatisfy { $0.stored })
        }
    }

    @Test("figures read before a write landed are not kept as that year's")
    func staleFiguresAreNotKept() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entries = try await StatsTests.library(app, token: token)
            let userID = try #require(try await User.query(on: app.db).first()?.requireID())
            let store = StatsYearFigures(db: app.db, userID: userID)
            // Figures read at one generation; a write lands before they are stored.
            let generation = try #require(try await Self.years(app)["2026"]).generation
            let figures = try await StatsQuery(db: app.db, userID: userID, from: nil, to: nil, yearOfAllTime: "2026").figures()
            let reply = try await app.send(.DELETE, "/api/v1/library/\(entries["Beta"]!.id)", token: token)
            #expect(reply.status == .noContent)
            try await store.keep(figures, year: "2026", generation: generation)
            #expect(try await Self.years(app)["2026"]?.stored == false)
            // The figures served leave Beta out.
            let stats = try await StatsFactsTests.stats(app, token)
            #expect(stats.books == 4)  // Alpha, Gamma, Delta, Zeta
            #expect(!stats.byYear.isEmpty)
            #expect(stats.byYear.first { $0.period == "2026" }?.pages == 300 + 100 + 200 + 35)
        }
    }

    @Test("the migration adds a row for every reader-year, and a deleted account leaves none")
    func migrationAndDeletion() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            _ = try await StatsTests.library(app, token: token)
            let served = try await StatsFactsTests.stats(app, token)
            try await CreateStatsYearFigures().revert(on: app.db)
            try await CreateStatsYearFigures().prepare(on: app.db)
            let years = try await Self.years(app)
            #expect(Set(years.keys) == ["2025", "2026"])
            #expect(!years.values.contains { $0.stored })
            #expect(try await StatsFactsTests.stats(app, token) == served)

            let user = try #require(try await User.query(on: app.db).first())
            try await AccountDeletion(db: app.db).delete(user)
            #expect(try await Self.years(app).isEmpty)
        }
    }

    @Test("the stats page's year picker lists the years with a dated finish")
    func yearsWithBooks() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entries = try await StatsTests.library(app, token: token)
            try await Self.addRead(app, to: try #require(entries["Delta"]).id, started: nil, finished: "1998")
            #expect(try await Self.service(app, storedYears: true).yearsWithBooks() == [2026, 2025, 1998])
        }
    }
}
