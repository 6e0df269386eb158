import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Access: a user sees and changes only their own library")
struct AccessTests {
    @Test("another user's entry, notes, quotes and sessions are 404 on every route, and stay unchanged")
    func twoUsers() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            let id = try await app.addEntry(ann, extra: ["tags": ["Private"], "rating": 4]).id
            let noteID = try await app.send(.POST, "/api/v1/library/\(id)/notes", token: ann, json: ["content": "mine"])
                .decode(NoteDTO.self).id
            let quoteID = try await app.send(.POST, "/api/v1/library/\(id)/quotes", token: ann, json: ["text": "mine"])
                .decode(QuoteDTO.self).id
            try await app.must(
                .POST, "/api/v1/library/\(id)/sessions", token: ann, json: ["date": "2026-03-13", "minutes": 10])

            let attempts: [(HTTPMethod, String, [String: Any]?)] = [
                (.GET, "/api/v1/library/\(id)", nil),
                (.PATCH, "/api/v1/library/\(id)", ["rating": 1]),
                (.DELETE, "/api/v1/library/\(id)", nil),
                (.POST, "/api/v1/library/\(id)/status", ["status": "read"]),
                (.POST, "/api/v1/library/\(id)/progress", ["page": 3]),
                (.GET, "/api/v1/library/\(id)/sessions", nil),
                (.POST, "/api/v1/library/\(id)/sessions", ["date": "2026-03-13", "minutes": 10]),
                (.GET, "/api/v1/library/\(id)/notes", nil),
                (.POST, "/api/v1/library/\(id)/notes", ["content": "theirs"]),
                (.PATCH, "/api/v1/notes/\(noteID)", ["content": "changed"]),
                (.DELETE, "/api/v1/notes/\(noteID)", nil),
                (.GET, "/api/v1/library/\(id)/quotes", nil),
                (.POST, "/api/v1/library/\(id)/quotes", ["text": "theirs"]),
                (.DELETE, "/api/v1/quotes/\(quoteID)", nil),
            ]
            for (method, path, body) in attempts {
                let reply = try await app.send(method, path, token: bob, json: body)
                #expect(reply.status == .notFound, "\(method) \(path)")
                #expect(reply.errorCode != nil, "\(method) \(path)")
            }
            // Bob's own views show nothing of Ann's
            #expect(try await app.send(.GET, "/api/v1/library", token: bob).entries.items.isEmpty)
            #expect(
                try await app.send(.GET, "/api/v1/tags?prefix=", token: bob).decode([AutocompleteQuery.TagSuggestion].self)
                    .isEmpty)
            let home = try await app.send(.GET, "/api/v1/home", token: bob).decode(HomeDTO.self)
            #expect(home.stats.readAllTime == 0)

            // and Ann's data is as she left it
            let mine = try await app.send(.GET, "/api/v1/library/\(id)", token: ann).entry
            #expect(mine.rating == 4)
            #expect(mine.status == "wantToRead")
            #expect(mine.totalMinutes == 10)
            #expect(
                try await app.send(.GET, "/api/v1/library/\(id)/notes", token: ann).decode([NoteDTO].self).first?.content
                    == "mine")
            #expect(try await app.send(.GET, "/api/v1/library/\(id)/quotes", token: ann).decode([QuoteDTO].self).count == 1)
            #expect(try await app.send(.GET, "/api/v1/library/\(id)/sessions", token: ann).decode([SessionDTO].self).count == 1)
        }
    }

    @Test("tags are per user: the same word is two tags for two users")
    func tagsPerUser() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            _ = try await app.addBook(ann, extra: ["tags": ["Cosy"]])
            let bobs = try await app.addEntry(bob, extra: ["tags": ["cosy"]])
            #expect(bobs.tags == ["cosy"])
            let annsTags = try await app.send(.GET, "/api/v1/tags", token: ann).decode([AutocompleteQuery.TagSuggestion].self)
            #expect(annsTags.map(\.name) == ["Cosy"])
        }
    }
}
