import DogearCore
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Reading goals")
struct GoalTests {
    /// Today is 2026-03-14, day 73 of 365.
    @Test("several goals for a year, each counting what its conditions allow, with where it stands today")
    func goals() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let entries = try await StatsTests.library(app, token: token)
            func create(_ body: [String: Any]) async throws -> GoalDTO {
                let reply = try await app.send(.POST, "/api/v1/goals", token: token, json: body)
                #expect(reply.status == .created, "\(reply.body)")
                return try reply.decode(GoalDTO.self)
            }
            let books = try await create(["year": 2026, "metric": "books", "target": 24])
            // Alpha, Beta, Gamma, Zeta.
            #expect(books.progress.done == 4)
            #expect(books.progress.expectedByToday == 4)  // 24 × 73 / 365 = 4.8
            #expect(books.progress.standing == "onTrack")
            #expect(books.progress.daysLeft == 293)
            #expect(books.progress.neededPerDay == 0.07)  // 20 left over 293 days
            #expect(books.summary == "24 books")

            let women = try await create([
                "year": 2026, "metric": "books", "target": 12, "conditions": ["authorGender": "female"],
            ])
            #expect(women.progress.done == 1)  // Alpha
            #expect(women.progress.standing == "behind")
            #expect(women.summary == "12 books · by female authors")
            let translated = try await create([
                "year": 2026, "metric": "pages", "target": 3000, "conditions": ["translated": true],
            ])
            #expect(translated.progress.done == 600)  // Beta 400 + Zeta 200
            #expect(translated.progress.expectedByToday == 600)
            let fiction = try await create(
                ["year": 2026, "metric": "books", "target": 5, "conditions": ["genre": "fiction", "format": "hardcover"]])
            #expect(fiction.progress.done == 1)  // Zeta
            // Haruki was read in 2025 (Zeta); Chimamanda and Nobody Known are new this year.
            let newAuthors = try await create(
                ["year": 2026, "metric": "authors", "target": 10, "conditions": ["firstTimeAuthors": true]])
            #expect(newAuthors.progress.done == 2)
            let minutes = try await create(["year": 2026, "metric": "minutes", "target": 6000])
            #expect(minutes.progress.done == 75)
            // Minutes on a book not finished yet (Eta, by Anne) count for a goal on women authors' minutes.
            let eta = try #require(entries["Eta"])
            try await app.must(
                .POST, "/api/v1/library/\(eta.id)/sessions", token: token, json: ["date": "2026-03-12", "minutes": 40])
            let womensMinutes = try await create(
                ["year": 2026, "metric": "minutes", "target": 600, "conditions": ["authorGender": "female"]])
            #expect(womensMinutes.progress.done == 75 + 40)  // Alpha's sessions and Eta's
            let lastYear = try await create(["year": 2025, "metric": "books", "target": 2])
            #expect(lastYear.progress.done == 2)
            #expect(lastYear.progress.standing == "complete")

            let all = try await app.send(.GET, "/api/v1/goals?year=2026", token: token).decode([GoalDTO].self)
            #expect(
                all.map(\.id) == [books.id, women.id, translated.id, fiction.id, newAuthors.id, minutes.id, womensMinutes.id])
            let progress = try await app.send(.GET, "/api/v1/goals/\(women.id)/progress", token: token)
            #expect(try progress.decode(GoalDTO.Progress.self) == women.progress)

            let changed = try await app.send(.PATCH, "/api/v1/goals/\(women.id)", token: token, json: ["target": 1])
            #expect(try changed.decode(GoalDTO.self).progress.standing == "complete")
            #expect(try changed.decode(GoalDTO.self).conditions.authorGender == .female)
            #expect(try await app.send(.DELETE, "/api/v1/goals/\(women.id)", token: token).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/goals/\(women.id)/progress", token: token).status == .notFound)
        }
    }

    @Test("a bad goal is refused naming its field; another reader's goal is not found")
    func badAndOthers() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            for (body, field) in [
                (["metric": "books", "target": 5], "year"), (["year": 2026, "metric": "novels", "target": 5], "metric"),
                (["year": 2026, "metric": "books", "target": 0], "target"),
                (
                    ["year": 2026, "metric": "books", "target": 5, "conditions": ["genre": String(repeating: "x", count: 51)]],
                    "conditions.genre"
                ),
            ] as [([String: Any], String)] {
                let reply = try await app.send(.POST, "/api/v1/goals", token: token, json: body)
                #expect(reply.status == .unprocessableEntity, "\(body)")
                #expect(reply.errorField == field, "\(reply.body)")
            }
            let bad = try await app.send(
                .POST, "/api/v1/goals", token: token,
                json: ["year": 2026, "metric": "books", "target": 5, "conditions": ["format": "scroll"]])
            #expect(bad.status == .badRequest || bad.status == .unprocessableEntity)
            #expect(try await app.send(.GET, "/api/v1/goals", token: token).decode([GoalDTO].self).isEmpty)

            let goal = try await app.send(
                .POST, "/api/v1/goals", token: token, json: ["year": 2026, "metric": "books", "target": 5]
            )
            .decode(GoalDTO.self)
            let other = try await app.signUp("other@example.com")
            #expect(try await app.send(.GET, "/api/v1/goals/\(goal.id)/progress", token: other).status == .notFound)
            #expect(try await app.send(.PATCH, "/api/v1/goals/\(goal.id)", token: other, json: ["target": 1]).status == .notFound)
            #expect(try await app.send(.DELETE, "/api/v1/goals/\(goal.id)", token: other).status == .notFound)
            #expect(try await app.send(.GET, "/api/v1/goals", token: other).decode([GoalDTO].self).isEmpty)
            #expect(try await app.send(.GET, "/api/v1/goals/\(goal.id)/progress", token: token).status == .ok)
        }
    }

    @Test("home shows this year's goals; the statistics page draws pages against the pages goal")
    func onHomeAndStats() async throws {
        try await withDogear { app in
            var (web, token) = try await StatsPageTests.reader(app)
            _ = try await StatsTests.library(app, token: token)
            #expect(!(try await web.get("/").body.contains("Goals this year")))
            for body in [
                ["year": 2026, "metric": "books", "target": 24], ["year": 2026, "metric": "pages", "target": 5000],
                ["year": 2025, "metric": "books", "target": 1],
            ] as [[String: Any]] {
                #expect(try await app.send(.POST, "/api/v1/goals", token: token, json: body).status == .created)
            }
            let home = try await app.send(.GET, "/api/v1/home", token: token).decode(HomeDTO.self)
            #expect(home.goals.map(\.summary) == ["24 books", "5,000 pages"])
            let page = try await web.get("/")
            #expect(page.body.contains("Goals this year"))
            #expect(page.body.contains("4 of 24 · on track"))
            // 5000 × 73 / 365 = 1000 expected; 1,035 done (four finishes and 35 pages of sessions).
            #expect(page.body.contains("1,035 of 5,000 · 35 ahead of a steady pace"))
            let stats = try await web.get("/stats")
            #expect(stats.body.contains("Goal 5,000"))
            #expect(stats.body.contains("1,035 pages read of a 5,000-page goal"))
        }
    }
}
