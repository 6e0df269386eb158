import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Accounts: sign up, sign in, sign out, profile")
struct AccountTests {
    @Test("sign up answers 201 with a token that works, and the profile")
    func signUp() async throws {
        try await withDogear { app in
            let reply = try await app.send(
                .POST, "/api/v1/auth/signup",
                json: ["email": "Ann@Example.com", "password": "correct horse", "displayName": "Ann"])
            #expect(reply.status == .created)
            let answer = try reply.decode(AuthResponse.self)
            #expect(answer.user.email == "Ann@Example.com")
            #expect(answer.user.displayName == "Ann")
            // Read raw: a typed decode would not notice an extra key.
            #expect((reply["user"] as? [String: Any])?["passwordHash"] == nil)
            let me = try await app.send(.GET, "/api/v1/me", token: answer.token)
            #expect(me.status == .ok)
            #expect(try me.decode(UserDTO.self).displayName == "Ann")
        }
    }

    @Test("emails are unique whatever their case")
    func uniqueEmail() async throws {
        try await withDogear { app in
            _ = try await app.signUp("ann@example.com")
            let again = try await app.send(
                .POST, "/api/v1/auth/signup",
                json: ["email": "ANN@example.COM", "password": "another one", "displayName": "Ann 2"])
            #expect(again.status == .conflict)
            #expect(again.errorField == "email")
            // and sign-in ignores case too
            let signIn = try await app.send(
                .POST, "/api/v1/auth/signin", json: ["email": "Ann@Example.com", "password": "long enough"])
            #expect(signIn.status == .ok)
        }
    }

    @Test("a wrong password and an unknown email get the same answer")
    func sameAnswer() async throws {
        try await withDogear { app in
            _ = try await app.signUp("ann@example.com")
            let wrong = try await app.send(
                .POST, "/api/v1/auth/signin", json: ["email": "ann@example.com", "password": "not the one"])
            let unknown = try await app.send(
                .POST, "/api/v1/auth/signin", json: ["email": "bob@example.com", "password": "not the one"])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.status == unknown.status)
            #expect(wrong.body == unknown.body)
            #expect(wrong.errorCode == "notAuthenticated")
        }
    }

    @Test("after sign out the token no longer works")
    func signOut() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            #expect(try await app.send(.POST, "/api/v1/auth/signout", token: token).status == .noContent)
            let after = try await app.send(.GET, "/api/v1/me", token: token)
            #expect(after.status == .unauthorized)
            #expect(after.errorCode == "notAuthenticated")
        }
    }

    @Test("no token, or a made-up one, is 401 in the error shape")
    func noToken() async throws {
        try await withDogear { app in
            for token in [nil, "made-up"] as [String?] {
                let reply = try await app.send(.GET, "/api/v1/library", token: token)
                #expect(reply.status == .unauthorized)
                #expect(reply.errorCode == "notAuthenticated")
            }
        }
    }

    @Test("sign-up checks email, password length (8) and display name length (100)")
    func signUpValidation() async throws {
        try await withDogear { app in
            let signUp: (String, String, String) async throws -> Reply = { email, password, name in
                try await app.send(
                    .POST, "/api/v1/auth/signup", json: ["email": email, "password": password, "displayName": name])
            }
            let badEmail = try await signUp("not-an-email", "long enough", "A")
            #expect(badEmail.errorField == "email")
            let shortPassword = try await signUp("a@b.co", "1234567", "A")
            #expect(shortPassword.errorField == "password")
            let longName = try await signUp("a@b.co", "12345678", String(repeating: "n", count: 101))
            #expect(longName.errorField == "displayName")
            let blankName = try await signUp("a@b.co", "12345678", "  ")
            #expect(blankName.errorField == "displayName")
            let atLimits = try await signUp("a@b.co", "12345678", String(repeating: "n", count: 100))
            #expect(atLimits.status == .created)
        }
    }

    @Test("the profile can be updated, and bad values are refused with nothing changed")
    func profile() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let updated = try await app.send(
                .PATCH, "/api/v1/me", token: token,
                json: [
                    "displayName": "Reader Two", "photoUrl": "https://example.com/me.png", "onboardingDone": true,
                    "genrePreferences": ["Fantasy", "History"], "timeZone": "Europe/Paris",
                ])
            #expect(updated.status == .ok)
            let user = try updated.decode(UserDTO.self)
            #expect(user.displayName == "Reader Two")
            #expect(user.timeZone == "Europe/Paris")
            #expect(user.genrePreferences == ["Fantasy", "History"])
            let bad = try await app.send(
                .PATCH, "/api/v1/me", token: token, json: ["displayName": "Three", "timeZone": "Mars/Olympus"])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.errorField == "timeZone")
            let photo = try await app.send(.PATCH, "/api/v1/me", token: token, json: ["photoUrl": "javascript:alert(1)"])
            #expect(photo.errorField == "photoUrl")
            let me = try await app.send(.GET, "/api/v1/me", token: token)
            #expect(try me.decode(UserDTO.self).displayName == "Reader Two")
        }
    }
}
