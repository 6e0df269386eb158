import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("The goals page")
struct GoalPageTests {
    static func goalForm(_ changes: [(String, String)]) -> [(String, String)] {
        var fields: [String: String] = ["year": "2026", "metric": "books", "target": "12"]
        for (name, value) in changes { fields[name] = value }
        return fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Today is 2026-03-14, day 73 of 365; the hand library has Alpha (by a woman) among 2026's four.
    @Test("a goal set with a condition shows its progress, where it stands today and the pace it needs")
    func setGoal() async throws {
        try await withDogear { app in
            var (web, token) = try await StatsPageTests.reader(app)
            _ = try await StatsTests.library(app, token: token)
            let empty = try await web.get("/goals")
            #expect(empty.status == .ok)
            #expect(empty.body.contains("No goals for 2026 yet."))
            #expect(empty.body.contains("name=\"year\" value=\"2026\""))

            let created = try await web.post("/goals", Self.goalForm([("authorGender", "female")]))
            #expect(created.status == .seeOther)
            #expect(created.location == "/goals?year=2026")
            let page = try await web.get("/goals")
            #expect(page.body.contains("12 books · by female authors"))
            #expect(page.body.contains("1 of 12 · 1 behind a steady pace"))  // 12 × 73 / 365 = 2.4
            #expect(page.body.contains("2 expected by today"))
            // 11 left over 293 days: 0.04 a day, so said per week.
            #expect(page.body.contains("0.3 books a week to finish on time"))
            // Home shows it too, with a link here.
            let home = try await web.get("/")
            #expect(home.body.contains("12 books · by female authors"))
            #expect(home.body.contains("href=\"/goals\""))
            // The API sees the same goal.
            let api = try await app.send(.GET, "/api/v1/goals?year=2026", token: token)
            #expect(api.body.contains("\"authorGender\":\"female\""))
        }
    }

    @Test("a refused goal comes back with what was typed and the message beside its field; nothing is saved")
    func refused() async throws {
        try await withDogear { app in
            var (web, token) = try await StatsPageTests.reader(app)
            _ = try await web.get("/goals")
            let words = try await web.post("/goals", Self.goalForm([("target", "lots"), ("genre", "Poetry")]))
            #expect(words.status == .unprocessableEntity)
            #expect(words.body.contains("must be a whole number; got lots"))
            #expect(words.body.contains("id=\"field-target\" name=\"target\" value=\"lots\""))
            #expect(words.body.contains("name=\"genre\" value=\"Poetry\""))
            #expect(words.body.contains("aria-invalid=\"true\" aria-describedby=\"field-target-error\""))
            let tooBig = try await web.post("/goals", Self.goalForm([("metric", "minutes"), ("target", "999999")]))
            #expect(tooBig.status == .unprocessableEntity)
            #expect(tooBig.body.contains("must be between 1 and 525600 minutes; got 999999"))
            #expect(tooBig.body.contains("<option value=\"minutes\" selected>Minutes</option>"))
            let region = try await web.post("/goals", Self.goalForm([("authorRegion", "atlantis")]))
            #expect(region.status == .unprocessableEntity)
            #expect(region.body.contains("field-authorRegion-error"))
            let goals = try await app.send(.GET, "/api/v1/goals", token: token)
            #expect(goals.body == "[]")
        }
    }

    @Test("editing changes the goal and drops a condition left empty; delete removes it")
    func editAndDelete() async throws {
        try await withDogear { app in
            var (web, token) = try await StatsPageTests.reader(app)
            _ = try await StatsTests.library(app, token: token)
            _ = try await web.get("/goals")
            try await web.must("/goals", Self.goalForm([("translated", "yes"), ("metric", "pages"), ("target", "3000")]))
            let goals = try await app.send(.GET, "/api/v1/goals", token: token)
            let id = try #require(try goals.decode([GoalDTO].self).first?.id)

            let edit = try await web.get("/goals/\(id)/edit")
            #expect(edit.status == .ok)
            #expect(edit.body.contains("<option value=\"yes\" selected>Translated works only</option>"))
            #expect(edit.body.contains("name=\"target\" value=\"3000\""))
            let bad = try await web.post("/goals/\(id)/edit", Self.goalForm([("metric", "pages"), ("target", "0")]))
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.contains("must be between 1 and 5000000 pages; got 0"))

            let saved = try await web.post("/goals/\(id)/edit", Self.goalForm([("metric", "pages"), ("target", "2000")]))
            #expect(saved.status == .seeOther)
            let page = try await web.get("/goals")
            // No condition now: all 1,035 of 2026's pages count (35 of them in sessions).
            #expect(page.body.contains("2,000 pages</h2>"))
            #expect(page.body.contains("1,035 of 2,000"))

            let deleted = try await web.post("/goals/\(id)/delete", [])
            #expect(deleted.status == .seeOther)
            #expect(try await web.get("/goals").body.contains("No goals for 2026 yet."))
            #expect(try await web.get("/goals/\(id)/edit").status == .notFound)
        }
    }

    @Test("another reader's goal is not found on the page, and cannot be changed or deleted")
    func othersGoal() async throws {
        try await withDogear { app in
            let (_, token) = try await StatsPageTests.reader(app)
            let reply = try await app.send(
                .POST, "/api/v1/goals", token: token, json: ["year": 2026, "metric": "books", "target": 5])
            let id = try reply.decode(GoalDTO.self).id
            var other = WebClient(app)
            try await other.signUp("bo@example.com")
            _ = try await other.get("/goals")
            #expect(try await other.get("/goals/\(id)/edit").status == .notFound)
            #expect(try await other.post("/goals/\(id)/edit", Self.goalForm([])).status == .notFound)
            #expect(try await other.post("/goals/\(id)/delete", []).status == .notFound)
            #expect(!(try await other.get("/goals").body.contains("5 books")))
            let still = try await app.send(.GET, "/api/v1/goals/\(id)/progress", token: token)
            #expect(still.status == .ok)
        }
    }

    @Test("a year that is not one is a bad request said in words")
    func badYear() async throws {
        try await withDogear { app in
            var (web, _) = try await StatsPageTests.reader(app)
            let page = try await web.get("/goals?year=soon")
            #expect(page.status == .badRequest)
            #expect(page.body.contains("A year is four digits, like 2026."))
        }
    }
}
