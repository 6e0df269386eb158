import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// The first run and the forms a new reader meets: a front door that says what Dogear is, a sign-up
/// that names every wrong field at once, a time zone from a list, genres kept on the profile, and a
/// finish before the start asked about before it is saved.
@Suite("First run and forms")
struct FirstRunAndFormsTests {
    @Test("signed out, / leads to a page that says what Dogear is and offers both ways in")
    func frontDoor() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            let root = try await web.get("/")
            #expect(root.status == .seeOther)
            let page = try await web.get(try #require(root.location)).body
            #expect(page.contains("<h1 id=\"landing-title\">Dogear</h1>"))
            #expect(page.contains("Keep track of what you read"))
            #expect(page.contains("href=\"/signup\">Create an account</a>"))
            #expect(page.contains("<h2>Sign in</h2>"))
        }
    }

    @Test("a sign-up with three wrong fields names all three, keeping what was typed")
    func signUpAllErrors() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.get("/signup")
            let refused = try await web.post(
                "/signup", [("email", "not an address"), ("displayName", ""), ("password", "short")])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("id=\"field-email-error\""))
            #expect(refused.body.contains("id=\"field-displayName-error\""))
            #expect(refused.body.contains("id=\"field-password-error\""))
            #expect(refused.body.contains("value=\"not an address\""))
            #expect(try await app.count("SELECT COUNT(*) AS n FROM users") == 0)
        }
    }

    @Test("the time zone is chosen from a list; genres ticked on the first run are on the profile, and change there")
    func profileGenresAndZone() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let welcome = try await web.get("/welcome").body
            #expect(welcome.contains("<select id=\"field-timeZone\" name=\"timeZone\""))
            #expect(welcome.contains("data-browser-time-zone=\"UTC\""))
            #expect(welcome.contains("<option value=\"Europe/Paris\">Europe/Paris</option>"))
            try await web.must(
                "/welcome",
                [
                    ("displayName", "Ann"), ("timeZone", "Europe/Paris"), ("genres[]", "Fantasy"), ("genres[]", "Poetry"),
                    ("otherGenres", "Cosy crime"), ("next", "home"),
                ])
            let profile = try await web.get("/profile").body
            #expect(profile.contains("<option value=\"Europe/Paris\" selected>Europe/Paris</option>"))
            #expect(profile.contains("value=\"Fantasy\" checked"))
            #expect(profile.contains("value=\"Poetry\" checked"))
            #expect(profile.contains("name=\"otherGenres\" value=\"Cosy crime\""))
            try await web.must(
                "/profile",
                [
                    ("displayName", "Ann"), ("email", "ann@example.com"), ("timeZone", "America/New_York"),
                    ("genres[]", "Mystery"), ("otherGenres", ""),
                ])
            let token = try await app.signIn("ann@example.com")
            let me = try await app.send(.GET, "/api/v1/me", token: token).decode(UserDTO.self)
            #expect(me.genrePreferences == ["Mystery"])
            #expect(me.timeZone == "America/New_York")
        }
    }

    @Test("the hand form comes in three short steps; the dates and the extras are folded until wanted")
    func handFormSteps() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let page = try await web.get("/add").body
            let legends = ["<legend>1. The book</legend>", "<legend>2. Your shelf</legend>"]
            for legend in legends { #expect(page.contains(legend)) }
            #expect(page.contains("<details class=\"step-fold\"><summary>Dates started and finished</summary>"))
            #expect(page.contains("<details class=\"step-fold\"><summary>3. Tags and a first note</summary>"))
            // In that order: the book, the shelf, its dates, then the extras.
            let order = [
                "name=\"isbn\"", "name=\"title\"", "name=\"status\"", "name=\"dateStarted\"", "name=\"tags\"", "name=\"note\"",
            ]
            let positions = order.compactMap { page.range(of: $0)?.lowerBound }
            #expect(positions.count == order.count && positions == positions.sorted())
        }
    }

    @Test("a finish before the start is asked about, everything kept; ticking “These dates are right” saves it")
    func datesAskedFirst() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let fields = [
                ("title", "Kindred"), ("authors", "Octavia E. Butler"), ("status", "read"), ("dateStarted", "2026-03-14"),
                ("dateFinished", "2026-03-01"), ("tags", "Classics"),
            ]
            try await web.get("/add")
            let asked = try await web.post("/add", fields)
            #expect(asked.status == .unprocessableEntity)
            #expect(asked.body.contains("is before the start (1 Mar 2026 before 14 Mar 2026)"))
            #expect(asked.body.contains("name=\"confirmDates\""))
            #expect(asked.body.contains("value=\"Classics\""))
            // The folds of the hand form that hold the dates and the tags come back open.
            #expect(asked.body.contains("<details class=\"step-fold\" open><summary>Dates started and finished</summary>"))
            #expect(asked.body.contains("<details class=\"step-fold\" open><summary>3. Tags and a first note</summary>"))
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 0)
            let kept = try await web.post("/add", fields + [("confirmDates", "1")])
            #expect(kept.status == .seeOther)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 1)
        }
    }
}
