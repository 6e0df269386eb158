import DogearCore
import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Every list route × every actor × private, public and default lists, through the API: each cell
/// of the table is asserted. Each cell runs on a list made fresh for it, so no cell sees another's
/// changes.
@Suite("Lists through the API: who gets what")
struct ListAccessAPITests {
    enum Actor: String, CaseIterable { case owner, saver, otherReader, anonymous }
    enum Visibility: String, CaseIterable { case privateList, publicList, defaultList }

    struct Route: Sendable {
        let name: String
        let method: HTTPMethod
        /// The path for a list id, an item id and a share code.
        let path: @Sendable (String, UUID, String) -> String
        let body: [String: any Sendable]?
    }

    static let routes: [Route] = [
        .init(name: "show", method: .GET, path: { id, _, _ in "/api/v1/lists/\(id)" }, body: nil),
        .init(name: "rename", method: .PATCH, path: { id, _, _ in "/api/v1/lists/\(id)" }, body: ["name": "Renamed"]),
        .init(name: "delete", method: .DELETE, path: { id, _, _ in "/api/v1/lists/\(id)" }, body: nil),
        .init(name: "new code", method: .POST, path: { id, _, _ in "/api/v1/lists/\(id)/share-code" }, body: nil),
        .init(name: "items", method: .GET, path: { id, _, _ in "/api/v1/lists/\(id)/items" }, body: nil),
        .init(
            name: "add item", method: .POST, path: { id, _, _ in "/api/v1/lists/\(id)/items" }, body: ["isbn": "9780140328721"]),
        .init(
            name: "move item", method: .PATCH, path: { id, item, _ in "/api/v1/lists/\(id)/items/\(item)" }, body: ["position": 0]
        ),
        .init(name: "remove item", method: .DELETE, path: { id, item, _ in "/api/v1/lists/\(id)/items/\(item)" }, body: nil),
        .init(name: "open by code", method: .GET, path: { _, _, code in "/api/v1/shared-lists/\(code)" }, body: nil),
        .init(name: "save", method: .POST, path: { _, _, code in "/api/v1/shared-lists/\(code)/save" }, body: nil),
        .init(name: "unsave", method: .DELETE, path: { _, _, code in "/api/v1/shared-lists/\(code)/save" }, body: nil),
        .init(name: "copy", method: .POST, path: { _, _, code in "/api/v1/shared-lists/\(code)/copy" }, body: nil),
    ]

    /// The rule, stated per cell.
    static func expected(_ actor: Actor, _ visibility: Visibility, _ route: String) -> HTTPStatus {
        if actor == .anonymous { return .unauthorized }  // every list route needs a signed-in reader
        let reads = ["show", "items", "open by code"]
        let ownerChanges: [String: HTTPStatus] = [
            "rename": .ok, "delete": .noContent, "new code": .ok, "add item": .created, "move item": .ok,
            "remove item": .noContent,
        ]
        switch visibility {
        case .defaultList:
            // A default list's id is relative to the asker: everyone reaches their own, never another's.
            // It has no share code, so the code routes find nothing.
            if ["open by code", "save", "unsave", "copy"].contains(route) { return .notFound }
            if ["show", "items"].contains(route) { return .ok }
            return .unprocessableEntity  // cannotDeleteDefault / cannotChangeDefault
        case .privateList:
            guard actor == .owner else { return .notFound }  // never 403 for what they may not know of
        case .publicList:
            if actor != .owner {
                if reads.contains(route) || route == "save" { return .ok }
                if route == "unsave" { return .noContent }
                if route == "copy" { return .created }
                return .forbidden
            }
        }
        // The owner, private or public.
        if reads.contains(route) { return .ok }
        if route == "save" || route == "unsave" { return .unprocessableEntity }  // cannotSaveOwnList
        if route == "copy" { return .created }
        return ownerChanges[route] ?? .internalServerError
    }

    @Test("every route, actor and kind of list gets exactly its cell of the table")
    func matrix() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com", name: "Ann")
            let bob = try await app.signUp("bob@example.com", name: "Bob")
            let carol = try await app.signUp("carol@example.com", name: "Carol")
            // The ISBN the "add item" cell adds is in the catalog already (no network in tests).
            _ = try await app.addEntry(ann, title: "Fantastic Mr Fox", authors: ["Roald Dahl"], isbn: "9780140328721")
            let piranesi = try await app.addEntry(ann, title: "Piranesi", extra: ["favorite": true])
            let tokens: [Actor: String?] = [.owner: ann, .saver: carol, .otherReader: bob, .anonymous: nil]

            /// A list of Ann's for one cell: one book on it, saved by Carol while public.
            func fresh(_ visibility: Visibility) async throws -> (id: String, item: UUID, code: String) {
                if visibility == .defaultList { return ("favorites", piranesi.id, "ZZZZZZ") }
                let created = try await app.send(
                    .POST, "/api/v1/lists", token: ann, json: ["name": "Cell", "isPublic": true])
                let list = try created.decode(ListDTO.self)
                let code = try #require(list.shareCode)
                let item = try await app.send(
                    .POST, "/api/v1/lists/\(list.id)/items", token: ann, json: ["workId": piranesi.work.id.uuidString]
                ).decode(ListItemDTO.self)
                #expect(try await app.send(.POST, "/api/v1/shared-lists/\(code)/save", token: carol).status == .ok)
                if visibility == .privateList {
                    try await app.must(.PATCH, "/api/v1/lists/\(list.id)", token: ann, json: ["isPublic": false])
                }
                return (list.id, item.id, code)
            }

            var cells = 0
            for visibility in Visibility.allCases {
                for route in Self.routes {
                    for actor in Actor.allCases {
                        let (id, item, code) = try await fresh(visibility)
                        let reply = try await app.send(
                            route.method, route.path(id, item, code), token: tokens[actor] ?? nil,
                            json: route.body.map { $0 as [String: Any] })
                        let expected = Self.expected(actor, visibility, route.name)
                        #expect(
                            reply.status == expected,
                            "\(actor) \(visibility) \(route.name): \(reply.status.code) \(reply.body.prefix(160))")
                        if expected == .notFound { #expect(reply.errorCode != nil) }
                        cells += 1
                    }
                }
            }
            #expect(cells == Visibility.allCases.count * Self.routes.count * Actor.allCases.count)
        }
    }

    @Test("a private list's code and a code nobody holds answer the same, to the byte")
    func privateCodeLikeUnknown() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com", name: "Ann")
            let bob = try await app.signUp("bob@example.com", name: "Bob")
            let list = try await app.send(.POST, "/api/v1/lists", token: ann, json: ["name": "Secret"]).decode(ListDTO.self)
            let code = try #require(list.shareCode)
            let secret = try await app.send(.GET, "/api/v1/shared-lists/\(code)", token: bob)
            let unknown = try await app.send(.GET, "/api/v1/shared-lists/ZZZZZZ", token: bob)
            #expect(secret.status == .notFound)
            #expect(secret.body == unknown.body)
        }
    }

    @Test("tiers on: a free reader's new list is refused with premiumRequired; granting premium allows it")
    func tiers() async throws {
        try await withDogear(
            adjust: { $0.tiersEnabled = true },
            { app in
                let ann = try await app.signUp("ann@example.com", name: "Ann")
                let refused = try await app.send(.POST, "/api/v1/lists", token: ann, json: ["name": "Summer"])
                #expect(refused.status == .forbidden)
                #expect(refused.errorCode == "premiumRequired")
                #expect(try await app.send(.GET, "/api/v1/lists", token: ann).decode([ListDTO].self).count == 4)
                let user = try #require(try await User.query(on: app.db).filter(\.$emailKey == "ann@example.com").first())
                user.tier = .premium
                try await user.save(on: app.db)
                #expect(try await app.send(.POST, "/api/v1/lists", token: ann, json: ["name": "Summer"]).status == .created)
            })
    }
}

@Suite("Premium from the command line, and many lists at once")
struct ListTierCommandTests {
    @Test("dogear user grant-premium lets a free reader make custom lists with tiers on; revoke-premium takes it back")
    func grantFromTheCommandLine() async throws {
        try await withDogear(
            adjust: { $0.tiersEnabled = true },
            { app in
                let ann = try await app.signUp("ann@example.com", name: "Ann")
                #expect(try await app.send(.POST, "/api/v1/lists", token: ann, json: ["name": "A"]).status == .forbidden)
                func run(_ arguments: [String]) async throws {
                    var context = CommandContext(console: Terminal(), input: CommandInput(arguments: ["dogear"] + arguments))
                    context.application = app
                    try await UserCommand().run(using: &context)
                }
                try await run(["grant-premium", "ANN@example.com"])
                #expect(try await app.send(.POST, "/api/v1/lists", token: ann, json: ["name": "A"]).status == .created)
                try await run(["revoke-premium", "ann@example.com"])
                #expect(try await app.send(.POST, "/api/v1/lists", token: ann, json: ["name": "B"]).status == .forbidden)
                await #expect(throws: (any Error).self) { try await run(["grant-premium", "nobody@example.com"]) }
            })
    }

    @Test("fifty lists made at once get fifty different share codes")
    func concurrentLists() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com", name: "Ann")
            let codes = try await withThrowingTaskGroup(of: String?.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let reply = try await app.send(.POST, "/api/v1/lists", token: ann, json: ["name": "List \(index)"])
                        guard reply.status == .created else { throw TestFailure("\(reply.status): \(reply.body)") }
                        return try reply.decode(ListDTO.self).shareCode
                    }
                }
                return try await group.reduce(into: [String]()) { codes, code in if let code { codes.append(code) } }
            }
            #expect(codes.count == 50)
            #expect(Set(codes).count == 50)
            #expect(try await ReadingList.query(on: app.db).count() == 50)
        }
    }
}
