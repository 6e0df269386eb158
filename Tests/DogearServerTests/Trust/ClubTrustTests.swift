import DogearCore
import DogearViews
import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Issue 36's club and code holes, replayed: codes guessed without limit, a removed member back at
/// once by the code every member was shown, an admin demoting and removing another admin.
@Suite("Trust: codes cannot be guessed, removals hold, admins do not remove each other")
struct ClubTrustTests {
    @Test(
        "1,000 wrong join codes from one reader end in 429s with Retry-After, none succeeds, and the lock covers every code look-up"
    )
    func guessingJoinCodes() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            let code = try #require(
                try await app.send(.GET, "/api/v1/clubs/\(club.club)", token: club.ann).decode(ClubDTO.self).joinCode)
            let mallory = try await app.signUp("mallory@example.com")
            var statuses: [UInt: Int] = [:]
            var retryAfter: String?
            for index in 0..<1_000 {
                // Six characters of the code's alphabet, never the real code.
                let guess = String(format: "Z%05d", index).replacingOccurrences(of: "0", with: "Q")
                let reply = try await app.send(.POST, "/api/v1/clubs/join", token: mallory, json: ["code": guess])
                statuses[reply.status.code, default: 0] += 1
                if reply.status == .tooManyRequests {
                    #expect(reply.errorCode == "tooManyCodeGuesses")
                    retryAfter = reply.headers.first(name: .retryAfter)
                }
            }
            #expect(statuses[200] == nil, "no guess joined")
            #expect(statuses[404] == ShareCode.missesPerReader.maxFailures, "\(statuses)")
            #expect(statuses[429] == 1_000 - ShareCode.missesPerReader.maxFailures)
            #expect(retryAfter == "900")
            // Locked out, the real code is refused too (so a known code cannot be mixed in), and so
            // are shared lists' codes and the invitation page.
            #expect(
                try await app.send(.POST, "/api/v1/clubs/join", token: mallory, json: ["code": code]).status == .tooManyRequests)
            #expect(try await app.send(.GET, "/api/v1/shared-lists/ABCDEF", token: mallory).status == .tooManyRequests)
            // Another reader is not held up by Mallory's guesses (in-memory tests share no address).
            #expect(
                try await app.send(
                    .POST, "/api/v1/clubs/join", token: try await app.signUp("carol@example.com"), json: ["code": code]
                ).status == .ok)
            // After the lockout, Mallory may look codes up again.
            app.clock = .fixed(fixedNow.addingTimeInterval(901))
            #expect(try await app.send(.POST, "/api/v1/clubs/join", token: mallory, json: ["code": code]).status == .ok)
        }
    }

    @Test("the invitation page counts its misses too: /join/{code} answers 429 once a reader has guessed too often")
    func guessingInvitationPages() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            var last: HTTPStatus = .ok
            for index in 0..<(ShareCode.missesPerReader.maxFailures + 1) {
                last = try await web.get(
                    SiteURL.joinByCode(String(format: "Y%05d", index).replacingOccurrences(of: "0", with: "W")).path
                ).status
            }
            #expect(last == .tooManyRequests)
        }
    }

    @Test("a removed member cannot rejoin by the code until an owner or admin lets them back in")
    func removalHolds() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            let code = try #require(
                try await app.send(.GET, "/api/v1/clubs/\(club.club)", token: club.ann).decode(ClubDTO.self).joinCode)
            let removed = try await app.send(.DELETE, "/api/v1/clubs/\(club.club)/members/\(club.bobID)", token: club.ann)
            #expect(removed.status == .noContent)
            let rejoin = try await app.send(.POST, "/api/v1/clubs/join", token: club.bob, json: ["code": code])
            #expect(rejoin.status == .forbidden)
            #expect(rejoin.errorCode == "removedFromClub")
            #expect(rejoin.errorMessage == "you were removed from this club; ask its owner or an admin to let you back in")
            // The owner sees who was removed; Bob cannot see or lift it himself.
            let removals = try await app.send(.GET, "/api/v1/clubs/\(club.club)/removals", token: club.ann).decode(
                [ClubRemovalDTO].self)
            #expect(removals.map(\.user.displayName) == ["Bob"])
            #expect(try await app.send(.GET, "/api/v1/clubs/\(club.club)/removals", token: club.bob).status == .notFound)
            #expect(
                try await app.send(.DELETE, "/api/v1/clubs/\(club.club)/removals/\(club.bobID)", token: club.bob).status
                    == .notFound)
            // Let back in, the code works again.
            #expect(
                try await app.send(.DELETE, "/api/v1/clubs/\(club.club)/removals/\(club.bobID)", token: club.ann).status
                    == .noContent)
            #expect(
                try await app.send(.DELETE, "/api/v1/clubs/\(club.club)/removals/\(club.bobID)", token: club.ann).errorCode
                    == "removalNotFound")
            #expect(try await app.send(.POST, "/api/v1/clubs/join", token: club.bob, json: ["code": code]).status == .ok)
            // Leaving by oneself is not a removal.
            #expect(try await app.send(.POST, "/api/v1/clubs/\(club.club)/leave", token: club.bob).status == .noContent)
            #expect(try await app.send(.POST, "/api/v1/clubs/join", token: club.bob, json: ["code": code]).status == .ok)
        }
    }

    @Test("the settings page lists removed readers and lets them back in, without a script")
    func removalsPage() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp("owner@example.com", name: "Olive")
            try await web.get(SiteURL.newClub.path)
            let made = try await web.post(SiteURL.newClub.path, [("name", "Night readers"), ("description", "")])
            let location = try #require(made.location)
            let clubID = try #require(UUID(uuidString: String(location.split(separator: "/").last ?? "")))
            let code = try #require(
                try await ClubMembershipService(
                    db: app.db, user: try #require(try await User.query(on: app.db).first()), tiersEnabled: false
                ).summary(clubID).joinCode)
            let bob = try await app.signUp("bob@example.com", name: "Bob")
            let bobID = try #require(try await app.send(.GET, "/api/v1/me", token: bob)["id"] as? String).uuid
            #expect(try await app.send(.POST, "/api/v1/clubs/join", token: bob, json: ["code": code]).status == .ok)
            try await web.get(SiteURL.clubSettings(clubID).path)
            #expect(try await web.post(SiteURL.clubRemoveMember(clubID, bobID).path, []).status == .seeOther)
            let settings = try await web.get(SiteURL.clubSettings(clubID).path)
            #expect(settings.body.contains("id=\"removals-title\""))
            #expect(settings.body.contains(SiteURL.clubLetBackIn(clubID, bobID).path))
            #expect(try await app.send(.POST, "/api/v1/clubs/join", token: bob, json: ["code": code]).status == .forbidden)
            #expect(try await web.post(SiteURL.clubLetBackIn(clubID, bobID).path, []).status == .seeOther)
            #expect(!(try await web.get(SiteURL.clubSettings(clubID).path)).body.contains("id=\"removals-title\""))
            #expect(try await app.send(.POST, "/api/v1/clubs/join", token: bob, json: ["code": code]).status == .ok)
        }
    }

    @Test("only the owner demotes or removes an admin: one admin cannot demote and then remove another")
    func adminsDoNotRemoveEachOther() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            let code = try #require(
                try await app.send(.GET, "/api/v1/clubs/\(club.club)", token: club.ann).decode(ClubDTO.self).joinCode)
            let carol = try await app.signUp("carol@example.com", name: "Carol")
            let carolID = try #require(try await app.send(.GET, "/api/v1/me", token: carol)["id"] as? String).uuid
            #expect(try await app.send(.POST, "/api/v1/clubs/join", token: carol, json: ["code": code]).status == .ok)
            for id in [club.bobID, carolID] {
                let promoted = try await app.send(
                    .PATCH, "/api/v1/clubs/\(club.club)/members/\(id)", token: club.ann, json: ["role": "admin"])
                #expect(promoted.status == .ok)
            }
            let demote = try await app.send(
                .PATCH, "/api/v1/clubs/\(club.club)/members/\(carolID)", token: club.bob, json: ["role": "member"])
            #expect(demote.status == .forbidden)
            let remove = try await app.send(.DELETE, "/api/v1/clubs/\(club.club)/members/\(carolID)", token: club.bob)
            #expect(remove.status == .forbidden)
            let roles = try await club.members(club.ann).map { "\($0.user.displayName):\($0.role)" }
            #expect(roles.contains("Carol:admin"))
            // The owner can.
            #expect(
                try await app.send(
                    .PATCH, "/api/v1/clubs/\(club.club)/members/\(carolID)", token: club.ann, json: ["role": "member"]
                ).status == .ok)
        }
    }

    @Test("a live event stream ends when the session that opened it signs out, and a reader holds only so many")
    func streamsEndWithTheirSession() async throws {
        try await withDogear { app in
            app.eventStreamHeartbeat = .milliseconds(200)
            app.eventStreamsPerReader = 3  // 16 by default; the test's HTTP client opens 8 at a time
            let club = try await ReadingClub.start(app)
            let port = try await app.serveOnFreePort()
            let path = "/api/v1/clubs/\(club.club)/events"
            let stream = try await EventStreamConnection.open(port: port, path: path, token: club.bob)
            #expect(stream.status == .ok)
            #expect(try await app.send(.POST, "/api/v1/auth/signout", token: club.bob).status == .noContent)
            let closing = try await stream.next()
            #expect(closing?.event == "closed", "the stream outlived its session")
            #expect(try await stream.next(within: .seconds(5)) == nil, "and then ended")

            var open: [EventStreamConnection] = []
            for _ in 0..<app.eventStreamsPerReader {
                let connection = try await EventStreamConnection.open(port: port, path: path, token: club.ann)
                #expect(connection.status == .ok)
                open.append(connection)
            }
            // Each is subscribed once its body starts: wait until the hub counts them all.
            let annID = club.annID
            while app.clubEvents.openStreams(of: annID) < app.eventStreamsPerReader {
                try await Task.sleep(for: .milliseconds(20))
            }
            let refused = try await EventStreamConnection.open(port: port, path: path, token: club.ann)
            #expect(refused.status == .tooManyRequests)
            for connection in open { connection.close() }
        }
    }

    @Test("a club that approves joins: the code asks (202), the admins see it, approve or decline; a banned reader cannot ask")
    func joinsWaitForApproval() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            let patched = try await app.send(.PATCH, "/api/v1/clubs/\(club.club)", token: club.ann, json: ["approvesJoins": true])
            #expect(patched.status == .ok)
            #expect(try patched.decode(ClubDTO.self).approvesJoins)
            let code = try #require(try patched.decode(ClubDTO.self).joinCode)
            let carol = try await app.signUp("carol@example.com", name: "Carol")
            let carolID = try await app.userID(carol)
            let asked = try await app.send(.POST, "/api/v1/clubs/join", token: carol, json: ["code": code])
            #expect(asked.status == .accepted)
            #expect(try asked.decode(ClubDTO.self).role == nil)
            #expect(try asked.decode(ClubDTO.self).joinCode == nil)
            #expect(try await app.send(.POST, "/api/v1/clubs/join", token: carol, json: ["code": code]).status == .accepted)
            // Not a member yet: the club's inside is not hers.
            #expect(try await app.send(.GET, "/api/v1/clubs/\(club.club)/members", token: carol).status == .notFound)
            // A member who does not run the club cannot see or answer requests.
            #expect(try await app.send(.GET, "/api/v1/clubs/\(club.club)/join-requests", token: club.bob).status == .forbidden)
            #expect(
                try await app.send(.POST, "/api/v1/clubs/\(club.club)/join-requests/\(carolID)", token: club.bob).status
                    == .forbidden)
            let waiting = try await app.send(.GET, "/api/v1/clubs/\(club.club)/join-requests", token: club.ann)
                .decode([ClubJoinRequestDTO].self)
            #expect(waiting.map(\.user.displayName) == ["Carol"])
            #expect(
                try await app.send(.POST, "/api/v1/clubs/\(club.club)/join-requests/\(carolID)", token: club.ann).status
                    == .noContent)
            #expect(try await club.members(club.ann).map(\.user.displayName).contains("Carol"))
            #expect(try await app.send(.GET, "/api/v1/clubs/\(club.club)/join-requests", token: club.ann).array.isEmpty)

            // Declined, Dan may ask again.
            let dan = try await app.signUp("dan@example.com", name: "Dan")
            let danID = try await app.userID(dan)
            #expect(try await app.send(.POST, "/api/v1/clubs/join", token: dan, json: ["code": code]).status == .accepted)
            #expect(
                try await app.send(.DELETE, "/api/v1/clubs/\(club.club)/join-requests/\(danID)", token: club.ann).status
                    == .noContent)
            #expect(!(try await club.members(club.ann).map(\.user.displayName).contains("Dan")))
            #expect(
                try await app.send(.DELETE, "/api/v1/clubs/\(club.club)/join-requests/\(danID)", token: club.ann).errorCode
                    == "joinRequestNotFound")

            // Removed, Bob cannot even ask.
            #expect(
                try await app.send(.DELETE, "/api/v1/clubs/\(club.club)/members/\(club.bobID)", token: club.ann).status
                    == .noContent)
            let bob = try await app.send(.POST, "/api/v1/clubs/join", token: club.bob, json: ["code": code])
            #expect(bob.status == .forbidden && bob.errorCode == "removedFromClub")
        }
    }

    @Test("on the pages: the invitation asks to join, says the request waits, and the settings let the reader in")
    func joinApprovalPages() async throws {
        try await withDogear { app in
            let owner = WebClient(app)
            try await owner.signUp("olive@example.com", name: "Olive")
            try await owner.get(SiteURL.newClub.path)
            let made = try await owner.post(
                SiteURL.newClub.path, [("name", "Careful readers"), ("description", ""), ("approvesJoins", "true")])
            let location = try #require(made.location)
            let clubID = try #require(UUID(uuidString: String(location.split(separator: "/").last ?? "")))
            let code = try #require(try await Club.find(clubID, on: app.db)?.joinCode)
            #expect(try await Club.find(clubID, on: app.db)?.approvesJoins == true)

            let guest = WebClient(app)
            try await guest.signUp("gus@example.com", name: "Gus")
            let invitation = try await guest.get(SiteURL.joinByCode(code).path)
            #expect(invitation.body.contains("Ask to join"))
            let asked = try await guest.post(SiteURL.joinByCode(code).path, [])
            #expect(asked.status == .accepted)
            #expect(asked.body.contains("You asked to join."))
            #expect(try await guest.get(SiteURL.joinByCode(code).path).body.contains("You asked to join."))

            let settings = try await owner.get(SiteURL.clubSettings(clubID).path)
            #expect(settings.body.contains("id=\"requests-title\""))
            let gusID = try #require(try await User.query(on: app.db).filter(\.$emailKey == "gus@example.com").first()?.id)
            #expect(try await owner.post(SiteURL.clubApproveJoin(clubID, gusID).path, []).status == .seeOther)
            #expect(try await guest.get(SiteURL.club(clubID).path).status == .ok)
            #expect(!(try await owner.get(SiteURL.clubSettings(clubID).path)).body.contains("id=\"requests-title\""))
        }
    }
}
