import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("The statistics page")
struct StatsPageTests {
    /// A reader signed in on the web, with the API token of the same account.
    static func reader(_ app: Application) async throws -> (WebClient, String) {
        var web = WebClient(app)
        try await web.signUp("ann@example.com")
        let reply = try await app.send(
            .POST, "/api/v1/auth/signin", json: ["email": "ann@example.com", "password": "long enough"])
        guard let token = reply["token"] as? String else { throw TestFailure("sign-in: \(reply.body)") }
        return (web, token)
    }

    @Test("this year by default, with the numbers the API gives; all time and another year by the picker")
    func page() async throws {
        try await withDogear { app in
            var (web, token) = try await Self.reader(app)
            _ = try await StatsTests.library(app, token: token)
            let page = try await web.get("/stats")
            #expect(page.status == .ok)
            #expect(page.body.contains("Statistics · 2026"))
            #expect(page.body.contains("<strong>4</strong><span>books read</span>"))
            #expect(page.body.contains("<strong>1,035</strong><span>pages</span>"))
            // February's bar: two books.
            #expect(page.body.contains("<title>Feb: 2 books</title>"))
            #expect(page.body.contains("Average rating 4.33 stars"))
            #expect(page.body.contains("Translated works"))
            #expect(page.body.contains("1 book not known, left out of these shares."))
            #expect(page.body.contains("2026-03-14: progress logged"))
            #expect(page.body.contains("2026-03-10: 45 minutes"))

            let all = try await web.get("/stats?year=all")
            #expect(all.body.contains("Statistics · all time"))
            #expect(all.body.contains("<title>2025: 2 books</title>"))
            let last = try await web.get("/stats?year=2025")
            #expect(last.body.contains("<strong>2</strong><span>books read</span>"))
            #expect(last.body.contains("<option value=\"2025\" selected>2025</option>"))

            let bad = try await web.get("/stats?year=soon")
            #expect(bad.status == .badRequest)
            #expect(bad.body.contains("Year must be a year such as 2026"))
        }
    }

    @Test("with tiers on, a free account sees its books and pages per year and a premium note, not the rest")
    func free() async throws {
        try await withDogear(
            adjust: { $0.tiersEnabled = true },
            { app in
                var (web, token) = try await Self.reader(app)
                _ = try await StatsTests.library(app, token: token)
                let page = try await web.get("/stats")
                #expect(page.status == .ok)
                #expect(page.body.contains("<strong>4</strong><span>books read</span>"))
                #expect(page.body.contains("come with a premium account"))
                #expect(!page.body.contains("Who you read"))
                try await app.db.sql.update("users").set("tier", to: "premium").run()
                #expect(try await web.get("/stats").body.contains("Who you read"))
            })
    }

    @Test("signed out, the page sends the reader to sign in")
    func signedOut() async throws {
        try await withDogear { app in
            let page = try await WebClient(app).get("/stats")
            #expect(page.status == .seeOther)
            #expect(page.location?.hasPrefix("/signin") == true)
        }
    }
}
