import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("The first-run page after sign-up")
struct OnboardingTests {
    func signUp(_ web: WebClient) async throws -> WebClient.Page {
        try await web.get("/signup")
        return try await web.post(
            "/signup", [("email", "ann@example.com"), ("displayName", "Ann"), ("password", "long enough")])
    }

    @Test("sign-up leads to /welcome; saving sets the name, time zone and genres, then home; the page is not shown again")
    func welcome() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            #expect(try await signUp(web).location == "/welcome")
            let page = try await web.get("/welcome")
            #expect(page.status == .ok)
            #expect(page.body.contains("data-browser-time-zone=\"UTC\""))
            #expect(page.body.contains("value=\"Science fiction\""))
            #expect(page.body.contains("href=\"/import\"") || page.body.contains("value=\"import\""))

            let saved = try await web.post(
                "/welcome",
                [
                    ("displayName", "Ann Reader"), ("timeZone", "Europe/Paris"), ("genres[]", "Fantasy"),
                    ("genres[]", "Mystery"), ("otherGenres", "Cosy crime, fantasy"), ("next", "home"),
                ])
            #expect(saved.location == "/")
            let user = try #require(try await User.query(on: app.db).first())
            #expect(user.displayName == "Ann Reader" && user.timeZone == "Europe/Paris")
            #expect(user.genrePreferences == ["Fantasy", "Mystery", "Cosy crime"])
            #expect(user.onboardingDone)
            #expect(try await web.get("/welcome").location == "/")
        }
    }

    @Test("a wrong time zone is said beside its field, with the name, genres and typed genres kept")
    func keepsWhatWasTyped() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            _ = try await signUp(web)
            try await web.get("/welcome")
            let refused = try await web.post(
                "/welcome",
                [
                    ("displayName", "Ann Reader"), ("timeZone", "Mars/Olympus"), ("genres[]", "Poetry"),
                    ("otherGenres", "Essays"),
                ])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("Use an IANA time zone such as Europe/Paris."))
            #expect(refused.body.contains("value=\"Ann Reader\""))
            #expect(refused.body.contains("value=\"Mars/Olympus\""))
            #expect(refused.body.contains("value=\"Essays\""))
            #expect(refused.body.contains("value=\"Poetry\" checked"))
            let user = try #require(try await User.query(on: app.db).first())
            #expect(!user.onboardingDone && user.displayName == "Ann")
        }
    }

    @Test("skipping sets onboardingDone and changes nothing else; 'bring in my library' goes to the import page")
    func skipAndImport() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            _ = try await signUp(web)
            try await web.get("/welcome")
            #expect(try await web.post("/welcome", [("skip", "1")]).location == "/")
            let user = try #require(try await User.query(on: app.db).first())
            #expect(user.onboardingDone && user.displayName == "Ann" && user.timeZone == "UTC")

            let other = WebClient(app)
            try await other.get("/signup")
            try await other.must(
                "/signup", [("email", "bob@example.com"), ("displayName", "Bob"), ("password", "long enough")])
            try await other.get("/welcome")
            let toImport = try await other.post(
                "/welcome", [("displayName", "Bob"), ("timeZone", "UTC"), ("next", "import")])
            #expect(toImport.location == "/import")
        }
    }

    @Test("the API sets the same fields: PATCH /api/v1/me with onboardingDone and genrePreferences")
    func api() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            #expect(try await app.send(.GET, "/api/v1/me", token: token)["onboardingDone"] as? Bool == false)
            let done = try await app.send(
                .PATCH, "/api/v1/me", token: token,
                json: ["onboardingDone": true, "genrePreferences": ["Fantasy"], "timeZone": "Asia/Tokyo"])
            #expect(done["onboardingDone"] as? Bool == true)
            #expect(done["genrePreferences"] as? [String] == ["Fantasy"])
        }
    }
}
