import DogearCore
import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Club membership through its service (the routes come next), on SQLite and PostgreSQL.
@Suite("Clubs: join codes, roles, leaving")
struct ClubMembershipTests {
    func reader(_ app: Application, _ email: String, tiers: Bool = false) async throws -> ClubMembershipService {
        _ = try await app.signUp(email, name: String(email.prefix(3)).capitalized)
        let user = try #require(try await User.query(on: app.db).filter(\.$emailKey == email).first())
        return ClubMembershipService(db: app.db, user: user, tiersEnabled: tiers)
    }

    @Test("join by a code in any case; twice is alreadyMember; an unknown or replaced code is clubNotFound")
    func joining() async throws {
        try await withDogear { app in
            let ann = try await reader(app, "ann@example.com")
            let bob = try await reader(app, "bob@example.com")
            let club = try await ann.create(ClubDraft(name: "  Family reads "))
            #expect(club.name == "Family reads")
            #expect(club.memberCount == 1)
            #expect(ShareCode(typed: club.joinCode) != nil)
            let joined = try await bob.join(code: " " + club.joinCode.lowercased())
            #expect(joined.id == club.id)
            #expect(try await ann.summary(try club.requireID()).memberCount == 2)
            #expect(await refusal { _ = try await bob.join(code: club.joinCode) } == "alreadyMember")
            #expect(await refusal { _ = try await bob.join(code: "ZZZZZZ") } == "clubNotFound")
            let old = club.joinCode
            let replaced = try await ann.replaceCode(of: try club.requireID())
            #expect(replaced.joinCode != old)
            let carol = try await reader(app, "carol@example.com")
            #expect(await refusal { _ = try await carol.join(code: old) } == "clubNotFound")
            #expect(await refusal { _ = try await bob.replaceCode(of: try club.requireID()) } == "forbidden")
        }
    }

    @Test("join codes and list codes come from one registry: a club never gets a list's code")
    func sharedCodeSpace() async throws {
        try await withDogear { app in
            let registry = ShareCodeRegistry(db: app.db)
            var forList = TwoCodes()
            let listCode = try await registry.register(.list, id: UUID(), using: &forList)
            #expect(listCode.value == "AAAAAA")
            var forClub = TwoCodes()
            let clubCode = try await registry.register(.club, id: UUID(), using: &forClub)
            #expect(clubCode.value == "BBBBBB")
        }
    }

    @Test("a private club is not found to outsiders, a public club's summary is readable; members' roles decide the rest")
    func visibilityAndRoles() async throws {
        try await withDogear { app in
            let ann = try await reader(app, "ann@example.com")
            let bob = try await reader(app, "bob@example.com")
            let carol = try await reader(app, "carol@example.com")
            let dan = try await reader(app, "dan@example.com")
            let club = try await ann.create(ClubDraft(name: "Private"))
            let id = try club.requireID()
            #expect(await refusal { _ = try await dan.summary(id) } == "clubNotFound")
            _ = try await bob.join(code: club.joinCode)
            _ = try await carol.join(code: club.joinCode)
            let bobID = try bob.user.requireID()
            let carolID = try carol.user.requireID()
            #expect(await refusal { try await bob.removeMember(carolID, from: id) } == "forbidden")
            try await ann.changeRole(of: bobID, in: id, to: .admin)
            try await bob.removeMember(carolID, from: id)  // an admin removes a member
            #expect(try await ann.summary(id).memberCount == 2)
            // Removed, Carol cannot come back by the code until the owner lets her back in.
            #expect(await refusal { _ = try await carol.join(code: club.joinCode) } == "removedFromClub")
            try await ann.letBackIn(carolID, to: id)
            _ = try await carol.join(code: club.joinCode)
            try await ann.changeRole(of: carolID, in: id, to: .admin)
            #expect(await refusal { try await bob.removeMember(carolID, from: id) } == "forbidden")  // not another admin
            // Never the owner.
            #expect(await refusal { try await bob.removeMember(try ann.user.requireID(), from: id) } == "forbidden")
            // Public: anyone signed in reads the summary, nothing more.
            let open = try await ann.create(ClubDraft(name: "Open", isPublic: true))
            #expect(try await dan.summary(try open.requireID()).name == "Open")
            #expect(await refusal { _ = try await dan.replaceCode(of: try open.requireID()) } == "forbidden")
        }
    }

    @Test("the owner hands the club on before leaving; the last member leaving deletes it and frees its code")
    func leaving() async throws {
        try await withDogear { app in
            let ann = try await reader(app, "ann@example.com")
            let bob = try await reader(app, "bob@example.com")
            let club = try await ann.create(ClubDraft(name: "Two of us"))
            let id = try club.requireID()
            _ = try await bob.join(code: club.joinCode)
            #expect(await refusal { try await ann.leave(id) } == "ownerMustHandOver")
            try await ann.transferOwnership(of: id, to: try bob.user.requireID())
            let roles = try await ClubMember.query(on: app.db).filter(\.$club.$id == id).all()
                .reduce(into: [UUID: ClubMember.Role]()) { $0[$1.$user.id] = $1.role }
            #expect(roles[try bob.user.requireID()] == .owner)
            #expect(roles[try ann.user.requireID()] == .admin)
            try await ann.leave(id)
            #expect(try await bob.summary(id).memberCount == 1)
            try await bob.leave(id)  // the last one: the club goes, and its code with it
            #expect(try await Club.find(id, on: app.db) == nil)
            #expect(try await ShareCodeRecord.query(on: app.db).count() == 0)
        }
    }

    @Test("with tiers on, a free reader may join but not start a club")
    func tiers() async throws {
        try await withDogear { app in
            let ann = try await reader(app, "ann@example.com", tiers: true)
            let bob = try await reader(app, "bob@example.com")
            #expect(await refusal { _ = try await ann.create(ClubDraft(name: "Mine")) } == "premiumRequired")
            let club = try await bob.create(ClubDraft(name: "Bob's"))
            #expect(try await ann.join(code: club.joinCode).id == club.id)
        }
    }
}
