import DogearTestSupport
import Fluent
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// The tables statistics read (`finish_facts`, `session_days`) are kept by database triggers. These
/// tests write through every path a figure depends on, and check the tables equal what a rebuild
/// from the library itself gives, and that a reader sees the change in their figures.
@Suite("Statistics facts kept by the database")
struct StatsFactsTests {
    /// Every row of both tables as text, in key order.
    static func snapshot(_ app: Application) async throws -> (facts: [String], days: [String]) {
        let sql = app.db.sql
        let columns = """
            user_id, day, finish_id, entry_id, work_id, title, started, pages, rating, format, language, original_language,
            translator, first_gender, first_region, marginalised, indigenous, genres, author_ids, is_public, reread,
            cultural_goal, first_in_month, first_in_year, first_ever, unlogged_pages
            """
        let row: (String) -> String = { list in
            sql.kind == .sqlite ? "json_array(\(list))" : "CAST(ROW(\(list)) AS TEXT)"
        }
        let facts = try await sql.raw(
            "SELECT \(unsafeRaw: row(columns)) AS r FROM finish_facts ORDER BY user_id, day, finish_id"
        ).all().map { try $0.decode(column: "r", as: String.self) }
        let days = try await sql.raw(
            "SELECT \(unsafeRaw: row("user_id, day, sessions, minutes, pages")) AS r FROM session_days ORDER BY user_id, day"
        ).all().map { try $0.decode(column: "r", as: String.self) }
        return (facts, days)
    }

    /// Both tables emptied and filled again from the library, as the migration fills them.
    static func rebuild(_ app: Application) async throws {
        let sql = app.db.sql
        let triggers = StatsFactTriggers(postgres: sql.kind == .postgres)
        for statement in triggers.refresh(entries: "SELECT id FROM library_entries") {
            try await sql.raw(SQLQueryString(statement)).run()
        }
        try await sql.raw("DELETE FROM session_days").run()
        try await sql.raw(SQLQueryString(StatsFactTriggers.fillSessionDays)).run()
    }

    static func stats(_ app: Application, _ token: String, _ query: String = "") async throws -> StatsDTO {
        let reply = try await app.send(.GET, "/api/v1/stats" + query, token: token)
        guard reply.status == .ok else { throw TestFailure("\(reply.body)") }
        return try reply.decode(StatsDTO.self)
    }

    @Test(
        "after every kind of write (entries, re-reads, catalog edits, enrichment, sessions, an import, deletions) the facts equal a rebuild"
    )
    func triggersKeepUp() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entries = try await StatsTests.library(app, token: token)
            let sql = app.db.sql
            // A reader's own changes.
            let alpha = entries["Alpha"]!.id
            for patch: [String: Any] in [
                ["rating": 2], ["dateFinished": "2026-01-12"], ["isPublic": false],
                ["countsTowardCulturalGoal": true, "culturalGoalCategory": "africa"],
            ] {
                let reply = try await app.send(.PATCH, "/api/v1/library/\(alpha)", token: token, json: patch)
                #expect(reply.status == .ok, "\(reply.body)")
            }
            // A catalog edit, and what enrichment writes straight into the catalog.
            let beta = try #require(entries["Beta"])
            let edit = try await app.send(
                .PATCH, "/api/v1/works/\(beta.work.id)", token: token, json: ["translator": "Philip Gabriel"])
            #expect(edit.status == .ok, "\(edit.body)")
            try await sql.raw("UPDATE editions SET page_count = 999 WHERE id = \(bind: try #require(beta.edition?.id))").run()
            try await sql.raw("UPDATE works SET title = 'Beta, Revised' WHERE id = \(bind: beta.work.id)").run()
            // Sessions moved and removed by any writer.
            let first = try await sql.raw("SELECT id FROM reading_sessions ORDER BY date LIMIT 1").first()?
                .decode(column: "id", as: UUID.self)
            try await sql.raw("UPDATE reading_sessions SET date = '2026-03-12', minutes = 40 WHERE id = \(bind: first)").run()
            try await sql.raw("DELETE FROM reading_sessions WHERE date = '2026-03-13'").run()
            // A past read dropped, a whole import, a book deleted.
            try await sql.raw(
                "DELETE FROM read_throughs WHERE entry_id = \(bind: entries["Zeta"]!.id) AND outcome = 'read'"
            ).run()
            let file = try #require(SharedFixtures.directory?.appendingPathComponent("goodreads/romneyda-619rows-31col.csv"))
            let job = try await app.importFile(token, try Data(contentsOf: file), fileName: file.lastPathComponent)
            #expect(job.status == "done")
            #expect(try await app.send(.DELETE, "/api/v1/library/\(entries["Gamma"]!.id)", token: token).status == .noContent)

            let kept = try await Self.snapshot(app)
            #expect(kept.facts.count > 500)
            #expect(kept.days.count == 3)  // the 10th, 11th and 12th
            try await Self.rebuild(app)
            let rebuilt = try await Self.snapshot(app)
            #expect(kept.facts == rebuilt.facts)
            #expect(kept.days == rebuilt.days)

            // A deleted account leaves nothing of theirs in either table.
            let user = try #require(try await User.query(on: app.db).first())
            try await AccountDeletion(db: app.db).delete(user)
            let left = try await Self.snapshot(app)
            #expect(left.facts.isEmpty)
            #expect(left.days.isEmpty)
        }
    }

    @Test("a reader sees a deleted book leave their figures, with its sessions, and a catalog edit move a share")
    func readerSeesChanges() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entries = try await StatsTests.library(app, token: token)
            let before = try await Self.stats(app, token, "?year=2026")
            #expect(before.books == 4)
            #expect(before.reading.minutes == 75)
            #expect(before.diversity.translated.yes == 2)

            // Alpha's original language was English like its edition: marked translated from Igbo now.
            let alpha = try #require(entries["Alpha"])
            let edit = try await app.send(
                .PATCH, "/api/v1/works/\(alpha.work.id)", token: token, json: ["originalLanguage": "ig"])
            #expect(edit.status == .ok, "\(edit.body)")
            #expect(try await Self.stats(app, token, "?year=2026").diversity.translated.yes == 3)

            #expect(try await app.send(.DELETE, "/api/v1/library/\(alpha.id)", token: token).status == .noContent)
            let after = try await Self.stats(app, token, "?year=2026")
            #expect(after.books == 3)
            #expect(after.pages == before.pages - 300 - 35)  // its finish, and its 35 pages of sessions in March
            #expect(after.reading.minutes == 0)
            #expect(after.reading.sessions == 0)
            #expect(after.days.allSatisfy { $0.minutes == 0 })
        }
    }

    @Test("a library from before the facts table gets its figures: the migration fills both tables from it")
    func migrationFills() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            _ = try await StatsTests.library(app, token: token)
            let served = try await Self.stats(app, token, "?year=2026")
            let kept = try await Self.snapshot(app)
            // Back to before migration 020 and forward again through 032 (pages logged in sessions),
            // on one connection: in CI, under load, the statements spread over pooled connections
            // failed once with "duplicate column name: unlogged_pages".
            try await app.db.withConnection { db in
                try await CountSessionPages().revert(on: db)
                try await CreateStatsFacts().revert(on: db)
                try await CreateStatsFacts().prepare(on: db)
                try await CountSessionPages().prepare(on: db)
            }
            #expect(try await Self.snapshot(app) == kept)
            #expect(try await Self.stats(app, token, "?year=2026") == served)
        }
    }
    @Test(
        "the insert triggers that skip idle rows (migration 027) still refresh when they must: a second author, a new book read"
    )
    func conditionedTriggers() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entries = try await StatsTests.library(app, token: token)
            let sql = app.db.sql
            // Both ways: with the conditions, and without them (the triggers as migration 032 left
            // them, which keeps 027's conditions).
            let postgres = sql.kind == .postgres
            for (round, conditioned) in [true, false, true].enumerated() {
                let triggers = SkipIdleStatsTriggers.triggers(postgres: postgres, conditioned: conditioned, countsSessions: true)
                for statement in RowTrigger.drop(triggers, postgres: postgres) + RowTrigger.create(triggers, postgres: postgres) {
                    try await sql.raw(SQLQueryString(statement)).run()
                }
                // A work with a read entry gains an author: its facts name both (the condition holds).
                let beta = try #require(entries["Beta"])
                let author = UUID.timeOrdered()
                try await sql.raw(
                    """
                    INSERT INTO authors (id, name, created_at, updated_at)
                    VALUES (\(bind: author), \(bind: "Second Author \(round)"), \(bind: Date()), \(bind: Date()))
                    """
                ).run()
                try await sql.raw(
                    """
                    INSERT INTO work_authors (id, work_id, author_id, position, created_at, updated_at)
                    VALUES (\(bind: UUID.timeOrdered()), \(bind: beta.work.id), \(bind: author), 5, \(bind: Date()), \(bind: Date()))
                    """
                ).run()
                let named = try await sql.raw(
                    "SELECT CAST(author_ids AS TEXT) AS author_ids FROM finish_facts WHERE entry_id = \(bind: beta.id)"
                ).all().map { try $0.decode(column: "author_ids", as: String.self) }
                #expect(!named.isEmpty && named.allSatisfy { $0.lowercased().contains(author.uuidString.lowercased()) })

                // A new want-to-read book (skipped) and a new read one (refreshed).
                for (title, status) in [("Skipped \(round)", "wantToRead"), ("Finished \(round)", "read")] {
                    let reply = try await app.send(
                        .POST, "/api/v1/library", token: token,
                        json: [
                            "book": ["title": title, "authors": ["New Author"]], "status": status, "dateFinished": "2026-04-02",
                        ])
                    #expect(reply.status == .created, "\(reply.body)")
                }
                let kept = try await Self.snapshot(app)
                try await Self.rebuild(app)
                #expect(try await Self.snapshot(app) == kept)
                let finished = try await sql.raw(
                    "SELECT COUNT(*) AS n FROM finish_facts WHERE title = \(bind: "Finished \(round)")"
                ).first()?.decode(column: "n", as: Int.self)
                #expect(finished == 1)
            }
        }
    }
}
