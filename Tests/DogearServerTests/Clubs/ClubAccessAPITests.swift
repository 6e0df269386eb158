import DogearCore
import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Every club route × every actor × public and private clubs, through the API: each cell of the
/// table is asserted. Each cell runs on a club made fresh for it (owner Ann, admin Bea, member Cal,
/// member Dan whom the member routes act on; Fay, removed and not let back in; a current book, an
/// open proposal and a comment of Dan's), so no cell sees another's changes.
@Suite("Clubs through the API: who gets what")
struct ClubAccessAPITests {
    enum Actor: String, CaseIterable { case owner, admin, member, otherReader, anonymous }

    struct Fixture: Sendable {
        let club: UUID
        let code: String
        let bea: UUID
        let dan: UUID
        let fay: UUID
        let proposal: UUID
        let comment: UUID
        let otherWork: UUID
    }

    struct Route: Sendable {
        let name: String
        let method: HTTPMethod
        let path: @Sendable (Fixture) -> String
        let body: @Sendable (Fixture) -> [String: any Sendable]?
    }

    static func route(
        _ name: String, _ method: HTTPMethod, _ path: @escaping @Sendable (Fixture) -> String,
        body: @escaping @Sendable (Fixture) -> [String: any Sendable]? = { _ in nil }
    ) -> Route {
        Route(name: name, method: method, path: path, body: body)
    }

    static let routes: [Route] = [
        route("show", .GET, { "/api/v1/clubs/\($0.club)" }),
        route("update", .PATCH, { "/api/v1/clubs/\($0.club)" }, body: { _ in ["name": "Renamed"] }),
        route("delete", .DELETE, { "/api/v1/clubs/\($0.club)" }),
        route("join", .POST, { _ in "/api/v1/clubs/join" }, body: { ["code": $0.code.lowercased()] }),
        route("leave", .POST, { "/api/v1/clubs/\($0.club)/leave" }),
        route("new code", .POST, { "/api/v1/clubs/\($0.club)/code" }),
        route("books", .GET, { "/api/v1/clubs/\($0.club)/books" }),
        route("members", .GET, { "/api/v1/clubs/\($0.club)/members" }),
        route("change role", .PATCH, { "/api/v1/clubs/\($0.club)/members/\($0.dan)" }, body: { _ in ["role": "admin"] }),
        route("remove member", .DELETE, { "/api/v1/clubs/\($0.club)/members/\($0.dan)" }),
        route("demote admin", .PATCH, { "/api/v1/clubs/\($0.club)/members/\($0.bea)" }, body: { _ in ["role": "member"] }),
        route("removals", .GET, { "/api/v1/clubs/\($0.club)/removals" }),
        route("let back in", .DELETE, { "/api/v1/clubs/\($0.club)/removals/\($0.fay)" }),
        route("hand over", .POST, { "/api/v1/clubs/\($0.club)/owner" }, body: { ["userId": $0.dan.uuidString] }),
        route(
            "current book", .PUT, { "/api/v1/clubs/\($0.club)/current-book" },
            body: { ["workId": $0.otherWork.uuidString] }),
        route("schedule", .GET, { "/api/v1/clubs/\($0.club)/schedule" }),
        route(
            "set schedule", .PUT, { "/api/v1/clubs/\($0.club)/schedule" },
            body: { _ in ["milestones": [["label": "Part 1", "page": 100, "dueOn": "2026-03-21"] as [String: any Sendable]]] }),
        route("proposals", .GET, { "/api/v1/clubs/\($0.club)/proposals" }),
        route("propose", .POST, { "/api/v1/clubs/\($0.club)/proposals" }, body: { _ in ["isbn": "9780140328721"] }),
        route("vote", .POST, { "/api/v1/clubs/\($0.club)/proposals/\($0.proposal)/vote" }),
        route("unvote", .DELETE, { "/api/v1/clubs/\($0.club)/proposals/\($0.proposal)/vote" }),
        route("pick", .POST, { "/api/v1/clubs/\($0.club)/proposals/\($0.proposal)/pick" }),
        route("activity", .GET, { "/api/v1/clubs/\($0.club)/activity" }),
        route("comments", .GET, { "/api/v1/clubs/\($0.club)/comments" }),
        route("comment", .POST, { "/api/v1/clubs/\($0.club)/comments" }, body: { _ in ["body": "Loved the statues."] }),
        route("read comment", .GET, { "/api/v1/comments/\($0.comment)" }),
        route("edit comment", .PATCH, { "/api/v1/comments/\($0.comment)" }, body: { _ in ["body": "Edited"] }),
        route("delete comment", .DELETE, { "/api/v1/comments/\($0.comment)" }),
        route("events", .GET, { "/api/v1/clubs/\($0.club)/events" }),
    ]

    /// The rule, stated per cell (SPEC §7 and §9).
    static func expected(_ actor: Actor, isPublic: Bool, _ route: String) -> HTTPStatus {
        if actor == .anonymous { return .unauthorized }
        if route == "join" { return actor == .otherReader ? .ok : .conflict }  // the code is the invitation
        if actor == .otherReader {
            // A private club does not exist for them; a public one shows its summary and nothing more.
            guard isPublic else { return .notFound }
            return route == "show" ? .ok : .forbidden
        }
        let runsTheClub = actor == .owner || actor == .admin
        switch route {
        case "show", "books", "members", "schedule", "proposals", "activity", "comments", "read comment", "events", "vote",
            "unvote":
            return .ok
        case "comment", "propose": return .created
        case "leave": return actor == .owner ? .unprocessableEntity : .noContent  // the owner hands over first
        case "update", "new code", "change role", "current book", "set schedule", "pick":
            return runsTheClub ? .ok : .forbidden
        case "remove member", "delete comment", "let back in": return runsTheClub ? .noContent : .forbidden
        case "removals": return runsTheClub ? .ok : .forbidden
        case "demote admin": return actor == .owner ? .ok : .forbidden  // an admin never demotes an admin
        case "edit comment": return .forbidden  // only its author, Dan, edits it
        case "delete": return actor == .owner ? .noContent : .forbidden
        case "hand over": return actor == .owner ? .ok : .forbidden
        default: return .internalServerError
        }
    }

    @Test("every route, actor and kind of club gets exactly its cell of the table")
    func matrix() async throws {
        try await withDogear { app in
            let port = try await app.serveOnFreePort()
            let ann = try await app.signUp("ann@example.com", name: "Ann")
            let bea = try await app.signUp("bea@example.com", name: "Bea")
            let cal = try await app.signUp("cal@example.com", name: "Cal")
            let dan = try await app.signUp("dan@example.com", name: "Dan")
            let eve = try await app.signUp("eve@example.com", name: "Eve")
            let fay = try await app.signUp("fay@example.com", name: "Fay")
            let fayID = try #require(try await app.send(.GET, "/api/v1/me", token: fay)["id"] as? String).uuid
            let danID = try #require(try await app.send(.GET, "/api/v1/me", token: dan)["id"] as? String).uuid
            let piranesi = try await app.addEntry(ann, title: "Piranesi")
            // In the catalog already, so proposing it by ISBN needs no network.
            let fox = try await app.addEntry(ann, title: "Fantastic Mr Fox", authors: ["Roald Dahl"], isbn: "9780140328721")
            let matilda = try await app.addEntry(ann, title: "Matilda", authors: ["Roald Dahl"])
            let tokens: [Actor: String?] = [.owner: ann, .admin: bea, .member: cal, .otherReader: eve, .anonymous: nil]

            func fresh(isPublic: Bool) async throws -> Fixture {
                let club = try await app.send(.POST, "/api/v1/clubs", token: ann, json: ["name": "Cell", "isPublic": isPublic])
                    .decode(ClubDTO.self)
                let code = try #require(club.joinCode)
                for token in [bea, cal, dan, fay] {
                    #expect(try await app.send(.POST, "/api/v1/clubs/join", token: token, json: ["code": code]).status == .ok)
                }
                let removed = try await app.send(.DELETE, "/api/v1/clubs/\(club.id)/members/\(fayID)", token: ann)
                #expect(removed.status == .noContent)
                let beaID = try #require(try await app.send(.GET, "/api/v1/me", token: bea)["id"] as? String).uuid
                try await app.must(.PATCH, "/api/v1/clubs/\(club.id)/members/\(beaID)", token: ann, json: ["role": "admin"])
                try await app.must(
                    .PUT, "/api/v1/clubs/\(club.id)/current-book", token: ann, json: ["workId": piranesi.work.id.uuidString])
                let proposed = try await app.send(
                    .POST, "/api/v1/clubs/\(club.id)/proposals", token: dan, json: ["workId": matilda.work.id.uuidString])
                let proposal = try proposed.decode(ClubProposalDTO.self)
                let comment = try await app.send(
                    .POST, "/api/v1/clubs/\(club.id)/comments", token: dan, json: ["body": "The House is beautiful."]
                ).decode(ClubCommentDTO.self)
                return Fixture(
                    club: club.id, code: code, bea: beaID, dan: danID, fay: fayID, proposal: proposal.id, comment: comment.id,
                    otherWork: fox.work.id)
            }

            var cells = 0
            for isPublic in [false, true] {
                for route in Self.routes {
                    for actor in Actor.allCases {
                        let fixture = try await fresh(isPublic: isPublic)
                        let token = tokens[actor] ?? nil
                        let path = route.path(fixture)
                        let status: HTTPStatus
                        var body = ""
                        if route.name == "events" {
                            // An event stream never ends; read its head over a real connection.
                            let stream = try await EventStreamConnection.open(port: port, path: path, token: token)
                            status = HTTPStatus(statusCode: Int(stream.status.code))
                            if status == .ok {
                                #expect(stream.headers.first(name: "Content-Type")?.hasPrefix("text/event-stream") == true)
                            }
                            stream.close()
                        } else {
                            let reply = try await app.send(
                                route.method, path, token: token, json: route.body(fixture).map { $0 as [String: Any] })
                            status = reply.status
                            body = reply.body
                            if status == .notFound { #expect(reply.errorCode != nil) }
                        }
                        let expected = Self.expected(actor, isPublic: isPublic, route.name)
                        #expect(
                            status == expected,
                            "\(actor) \(isPublic ? "public" : "private") \(route.name): \(status.code) \(body.prefix(160))")
                        cells += 1
                        // A reader is in at most 100 clubs: each cell's club goes when the cell is done.
                        try await Club.query(on: app.db).filter(\.$id == fixture.club).delete()
                    }
                }
            }
            #expect(cells == 2 * Self.routes.count * Actor.allCases.count)
        }
    }
}

extension String {
    var uuid: UUID { UUID(uuidString: self)! }
}
