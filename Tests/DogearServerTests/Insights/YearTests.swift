import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("A year in books and its share link")
struct YearTests {
    @Test("the reader's year: totals, the books that stand out, the most-read author and the goals")
    func summary() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            _ = try await StatsTests.library(app, token: token)
            try await app.must(.POST, "/api/v1/goals", token: token, json: ["year": 2026, "metric": "books", "target": 24])
            let year = try await app.send(.GET, "/api/v1/years/2026", token: token)
            #expect(year.status == .ok, "\(year.body)")
            let summary = try year.decode(YearDTO.self)
            #expect(summary.books == 4)
            #expect(summary.pages == 1000 + 35)  // and Alpha's sessions in March
            #expect(summary.minutes == 75)
            #expect(summary.first?.title == "Alpha")  // 2026-01-10
            #expect(summary.last?.title == "Zeta")  // 2026-03-02
            #expect(summary.highestRated?.title == "Alpha")
            #expect(summary.shortest?.title == "Gamma")
            #expect(summary.longest?.title == "Beta")
            #expect(summary.mostReadAuthor?.name == "Haruki")  // Beta and Zeta
            #expect(summary.byMonth.count == 12)
            #expect(summary.byMonth[1].books == 2)  // February: Gamma, Beta
            #expect(summary.goals.first?.progress.done == 4)
            #expect(summary.shareUrl == nil)
            let bad = try await app.send(.GET, "/api/v1/years/someday", token: token)
            #expect(bad.status == .badRequest)
            #expect(bad.errorField == "year")
        }
    }

    @Test("a shared year reads signed out: public books only, no notes, no goals; revoked, it is not found")
    func share() async throws {
        try await withDogear { app in
            var (web, token) = try await StatsPageTests.reader(app)
            let entries = try await StatsTests.library(app, token: token)
            try await app.must(.POST, "/api/v1/goals", token: token, json: ["year": 2026, "metric": "books", "target": 24])
            // Beta is private; Alpha has a note.
            let beta = try #require(entries["Beta"]).id
            let hidden = try await app.send(.PATCH, "/api/v1/library/\(beta)", token: token, json: ["isPublic": false])
            #expect(hidden.status == .ok, "\(hidden.body)")
            let alpha = try #require(entries["Alpha"]).id
            try await app.must(
                .POST, "/api/v1/library/\(alpha)/notes", token: token, json: ["content": "A note only I should read"])

            let made = try await app.send(.POST, "/api/v1/years/2026/share", token: token)
            #expect(made.status == .created, "\(made.body)")
            let share = try made.decode(YearShareDTO.self)
            #expect(share.url.hasSuffix("/y/\(share.token)"))
            #expect(share.token.count >= 32)
            let again = try await app.send(.POST, "/api/v1/years/2026/share", token: token)
            #expect(again.status == .ok)
            #expect(try again.decode(YearShareDTO.self).token == share.token)

            let outsider = try await WebClient(app).get("/y/\(share.token)")
            #expect(outsider.status == .ok)
            #expect(outsider.body.contains("Ann&#39;s 2026 in books") || outsider.body.contains("Ann's 2026 in books"))
            #expect(outsider.body.contains("<strong>3</strong><span>books read</span>"))
            #expect(!outsider.body.contains("Beta"))
            #expect(!outsider.body.contains("A note only I should read"))
            #expect(!outsider.body.contains("Goals"))
            #expect(!outsider.body.contains("/books/"))
            #expect(outsider.headers.first(name: "Referrer-Policy") == "same-origin")
            #expect(outsider.headers.first(name: "X-Robots-Tag") == "noindex")
            // The owner's own page counts Beta, and shows the link.
            let own = try await web.get("/year/2026")
            #expect(own.body.contains("<strong>4</strong><span>books read</span>"))
            #expect(own.body.contains(share.url))
            #expect(own.body.contains("24 books"))

            let revoked = try await app.send(.DELETE, "/api/v1/years/2026/share", token: token)
            #expect(revoked.status == .noContent)
            #expect(try await WebClient(app).get("/y/\(share.token)").status == .notFound)
            let renewed = try await app.send(.POST, "/api/v1/years/2026/share", token: token)
            #expect(try renewed.decode(YearShareDTO.self).token != share.token)
            #expect(try await WebClient(app).get("/y/\(share.token)").status == .notFound)
            #expect(try await WebClient(app).get("/y/not-a-token").status == .notFound)
        }
    }

    @Test("the page's buttons make and revoke the link without a script")
    func pageButtons() async throws {
        try await withDogear { app in
            var (web, token) = try await StatsPageTests.reader(app)
            _ = try await StatsTests.library(app, token: token)
            let page = try await web.get("/year/2026")
            #expect(page.status == .ok)
            #expect(page.body.contains("Your 2026 in books"))
            #expect(page.body.contains("Make a share link"))
            let made = try await web.post("/year/2026/share", [])
            #expect(made.status == .seeOther)
            #expect(made.location == "/year/2026#share")
            let shared = try await web.get("/year/2026")
            let link = try #require(shared.body.range(of: "/y/[A-Za-z0-9_-]+", options: .regularExpression)).lowerBound
            let path = String(shared.body[link...].prefix { $0 != "\"" })
            #expect(try await WebClient(app).get(path).status == .ok)
            try await web.must("/year/2026/unshare", [])
            #expect(try await web.get("/year/2026").body.contains("Make a share link"))
            #expect(try await WebClient(app).get(path).status == .notFound)
            #expect(try await web.get("/year/99999").status == .notFound)
            #expect(try await WebClient(app).get("/year/2026").status == .seeOther)
        }
    }
}
