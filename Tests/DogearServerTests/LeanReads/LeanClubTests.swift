import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A club's members read as plain rows (`LeanRows`) and written by `JSONBytes`: the route's bytes
/// are the app's encoder's for the same members, and each member's own fields are what SQLKit's
/// decoding of the same columns said before. On SQLite and PostgreSQL.
@Suite("Lean reads: a club's members")
struct LeanClubTests {
    @Test("members reading, finished, hidden, private and without the book: the encoder's bytes and SQLKit's values")
    func membersMatchReference() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            try await app.must(
                .PUT, "/api/v1/clubs/\(club.club)/schedule", token: club.ann,
                json: ["milestones": [["label": "Part \"1\" / 2", "page": 200, "dueOn": "2026-03-19"]]])
            app.clock = .fixed(fixedNow.addingTimeInterval(3 * 86_400))
            // Ann is reading, Bob has it on his shelf; Carol finished it; Dan hides his progress; Eve's
            // entry is private; Fay has no entry at all.
            let annEntry = try #require(
                try await app.send(.GET, "/api/v1/library", token: club.ann).entries.items.first { $0.work.id == club.work })
            try await app.must(.POST, "/api/v1/library/\(annEntry.id)/progress", token: club.ann, json: ["page": 150])
            let code = try #require(
                try await app.send(.GET, "/api/v1/clubs/\(club.club)", token: club.ann)["joinCode"] as? String)
            for (name, entry) in [
                ("Carol", ["status": "read", "dateFinished": "2026-03-16"]), ("Dan", ["status": "reading"]),
                ("Eve", ["status": "reading", "isPublic": false]), ("Fay", nil),
            ] as [(String, [String: any Sendable]?)] {
                let token = try await app.signUp("\(name.lowercased())@example.com", name: "\(name) Ünïcode")
                #expect(try await app.send(.POST, "/api/v1/clubs/join", token: token, json: ["code": code]).status == .ok)
                if var entry {
                    entry["workId"] = club.work.uuidString
                    #expect(try await app.send(.POST, "/api/v1/library", token: token, json: entry).status == .created)
                }
                if name == "Dan" {
                    let me = try #require(try await app.send(.GET, "/api/v1/me", token: token)["id"] as? String)
                    try await app.must(
                        .PATCH, "/api/v1/clubs/\(club.club)/members/\(me)", token: token, json: ["hidesProgress": true])
                }
            }

            let reply = try await app.send(.GET, "/api/v1/clubs/\(club.club)/members", token: club.bob)
            #expect(reply.status == .ok)
            let members = try reply.decode([ClubMemberDTO].self)
            #expect(reply.body == String(decoding: try LeanReadTests.encoder().encode(members), as: UTF8.self))
            #expect(members.count == 6)
            #expect(Set(members.compactMap { $0.progress?.state }) == ["reading", "notStarted", "finished", "hidden"])
            #expect(members.contains { $0.progress?.standing != nil })

            // The members' own columns, as SQLKit decoded them before.
            let rows = try await app.db.sql.raw(
                """
                SELECT m.user_id AS user_id, u.display_name AS display_name, m.role AS role, m.created_at AS joined_at,
                       m.hides_progress AS hides_progress
                FROM club_members m JOIN users u ON u.id = m.user_id WHERE m.club_id = \(bind: club.club)
                ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, m.created_at, m.id
                """
            ).all()
            #expect(rows.count == members.count)
            for (row, member) in zip(rows, members) {
                #expect(try row.decode(column: "user_id", as: UUID.self) == member.user.id)
                #expect(try row.decode(column: "display_name", as: String.self) == member.user.displayName)
                #expect(try row.decode(column: "role", as: String.self) == member.role)
                #expect(try row.decode(column: "hides_progress", as: Bool.self) == member.hidesProgress)
                let joined = try row.decode(column: "joined_at", as: Date.self)
                #expect(abs(joined.timeIntervalSince(member.joinedAt)) < 1)
            }
        }
    }
}
