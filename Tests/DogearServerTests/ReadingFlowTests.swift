import Testing
import Vapor

@testable import DogearServer

@Suite("Reading: status changes, progress, sessions")
struct ReadingFlowTests {
    @Test("status changes set dates automatically; a given date is used instead")
    func statusChanges() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try #require(try await app.addBook(token)["id"] as? String)
            let reading = try await app.send(
                .POST, "/api/v1/library/\(id)/status", token: token, json: ["status": "currently-reading"])
            #expect(reading.status == .ok)
            #expect(reading["status"] as? String == "reading")
            #expect(reading["dateStarted"] as? String == "2026-03-14")
            let read = try await app.send(
                .POST, "/api/v1/library/\(id)/status", token: token, json: ["status": "read", "date": "2026-03-20"])
            #expect(read["dateFinished"] as? String == "2026-03-20")
            #expect(read["dateStarted"] as? String == "2026-03-14")
            #expect(read["readCount"] as? Int == 1)
            #expect(read["currentPage"] as? Int == 272)
            #expect(
                try await app.send(.POST, "/api/v1/library/\(id)/status", token: token, json: ["status": "skimmed"]).errorField
                    == "status")
            #expect(
                try await app.send(
                    .POST, "/api/v1/library/\(id)/status", token: token, json: ["status": "onHold", "date": "2026-03-20"]
                ).errorField == "date")
        }
    }

    @Test("a date the user set is never overwritten by a later status change")
    func userDatesKept() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try #require(try await app.addBook(token)["id"] as? String)
            _ = try await app.send(.PATCH, "/api/v1/library/\(id)", token: token, json: ["dateStarted": "2025-11-02"])
            let reading = try await app.send(.POST, "/api/v1/library/\(id)/status", token: token, json: ["status": "reading"])
            #expect(reading["dateStarted"] as? String == "2025-11-02")
            let patched = try await app.send(
                .PATCH, "/api/v1/library/\(id)", token: token,
                json: ["status": "read", "dateFinished": "2025-10-01"])
            #expect(patched["dateFinished"] as? String == "2025-10-01")
            #expect(patched["dateStarted"] as? String == "2025-11-02")
            #expect(patched["status"] as? String == "read")
        }
    }

    @Test("re-reading keeps the first read-through in history and counts both reads")
    func reread() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try #require(
                try await app.addBook(
                    token, extra: ["status": "read", "dateStarted": "2024-01-01", "dateFinished": "2024-01-20"])["id"] as? String)
            let again = try await app.send(.POST, "/api/v1/library/\(id)/status", token: token, json: ["status": "reading"])
            #expect(again["dateStarted"] as? String == "2026-03-14")
            #expect(again["dateFinished"] is NSNull)
            #expect(again["progress"] as? Double == 0)
            let history = try #require(again["readThroughs"] as? [[String: Any]])
            #expect(history.count == 1)
            #expect(history.first?["startedOn"] as? String == "2024-01-01")
            #expect(history.first?["finishedOn"] as? String == "2024-01-20")
            let done = try await app.send(.POST, "/api/v1/library/\(id)/progress", token: token, json: ["page": 272])
            #expect(done["status"] as? String == "read")
            #expect(done["readCount"] as? Int == 2)
            #expect(done["dateFinished"] as? String == "2026-03-14")
        }
    }

    @Test("progress by page, percent or minutes; the last page finishes the book")
    func progress() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try #require(try await app.addBook(token, pageCount: 200)["id"] as? String)
            let page = try await app.send(.POST, "/api/v1/library/\(id)/progress", token: token, json: ["page": 50])
            #expect(page["progress"] as? Double == 0.25)
            #expect(page["status"] as? String == "reading")  // progress starts a want-to-read book
            #expect(page["dateStarted"] as? String == "2026-03-14")
            let percent = try await app.send(.POST, "/api/v1/library/\(id)/progress", token: token, json: ["percent": 75])
            #expect(percent["currentPage"] as? Int == 150)
            let past = try await app.send(.POST, "/api/v1/library/\(id)/progress", token: token, json: ["page": 201])
            #expect(past.status == .unprocessableEntity)
            #expect(past.errorField == "page")
            let two = try await app.send(.POST, "/api/v1/library/\(id)/progress", token: token, json: ["page": 10, "percent": 5])
            #expect(two.status == .unprocessableEntity)
            let last = try await app.send(.POST, "/api/v1/library/\(id)/progress", token: token, json: ["page": 200])
            #expect(last["status"] as? String == "read")
            #expect(last["dateFinished"] as? String == "2026-03-14")
            #expect(last["progress"] as? Double == 1)
            #expect(last["readCount"] as? Int == 1)
        }
    }

    @Test("sessions add minutes, move the page, and give pace and an estimated finish")
    func sessions() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try #require(try await app.addBook(token, pageCount: 300, extra: ["status": "reading"])["id"] as? String)
            let first = try await app.send(
                .POST, "/api/v1/library/\(id)/sessions", token: token,
                json: ["date": "2026-03-12", "minutes": 40, "startPage": 0, "endPage": 30])
            #expect(first.status == .created)
            #expect(first["pagesRead"] as? Int == 30)
            _ = try await app.send(
                .POST, "/api/v1/library/\(id)/sessions", token: token,
                json: ["date": "2026-03-13", "minutes": 50, "pagesRead": 30])
            let entry = try await app.send(.GET, "/api/v1/library/\(id)", token: token)
            #expect(entry["totalMinutes"] as? Int == 90)
            #expect(entry["currentPage"] as? Int == 60)
            #expect(entry["pagesPerDay"] as? Double == 30)
            // 240 pages left at 30 a day = 8 days from 2026-03-14
            #expect(entry["estimatedFinish"] as? String == "2026-03-22")
            let list = try await app.send(.GET, "/api/v1/library/\(id)/sessions", token: token)
            #expect(list.array.count == 2)
            #expect(list.array.first?["date"] as? String == "2026-03-13")
            for bad in [
                ["date": "yesterday", "minutes": 5], ["date": "2026-03-13", "minutes": 1441],
                ["date": "2026-03-13", "minutes": 5, "startPage": 40, "endPage": 20],
                ["date": "2026-03-13", "minutes": 5, "startPage": 40, "endPage": 301],
                ["date": "2026-03-13", "minutes": 5, "endPage": 40],
            ] as [[String: Any]] {
                let reply = try await app.send(.POST, "/api/v1/library/\(id)/sessions", token: token, json: bad)
                #expect(reply.status == .unprocessableEntity, "\(bad)")
            }
            let unchanged = try await app.send(.GET, "/api/v1/library/\(id)", token: token)
            #expect(unchanged["totalMinutes"] as? Int == 90)
        }
    }
}

@Suite("Notes, quotes and tags")
struct NotesQuotesTagsTests {
    @Test("notes: add, list, edit, delete, discussion flag, 5,000 characters at most")
    func notes() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try #require(try await app.addBook(token)["id"] as? String)
            let note = try await app.send(
                .POST, "/api/v1/library/\(id)/notes", token: token,
                json: ["content": String(repeating: "n", count: 5_000), "discussion": true])
            #expect(note.status == .created)
            #expect(note["discussion"] as? Bool == true)
            let tooLong = try await app.send(
                .POST, "/api/v1/library/\(id)/notes", token: token,
                json: ["content": String(repeating: "n", count: 5_001)])
            #expect(tooLong.status == .unprocessableEntity)
            #expect(tooLong.errorField == "content")
            #expect(
                try await app.send(.POST, "/api/v1/library/\(id)/notes", token: token, json: ["content": "  "]).errorField
                    == "content")
            let noteID = try #require(note["id"] as? String)
            let edited = try await app.send(.PATCH, "/api/v1/notes/\(noteID)", token: token, json: ["content": "Shorter now"])
            #expect(edited["content"] as? String == "Shorter now")
            #expect(try await app.send(.GET, "/api/v1/library/\(id)/notes", token: token).array.count == 1)
            #expect(try await app.send(.DELETE, "/api/v1/notes/\(noteID)", token: token).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/library/\(id)/notes", token: token).array.isEmpty)
        }
    }

    @Test("quotes: text with an optional page")
    func quotes() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try #require(try await app.addBook(token)["id"] as? String)
            let quote = try await app.send(
                .POST, "/api/v1/library/\(id)/quotes", token: token, json: ["text": "The Beauty of the House", "page": 5])
            #expect(quote.status == .created)
            #expect(quote["page"] as? Int == 5)
            #expect(
                try await app.send(.POST, "/api/v1/library/\(id)/quotes", token: token, json: ["text": "x", "page": 0]).errorField
                    == "page")
            #expect(try await app.send(.GET, "/api/v1/library/\(id)/quotes", token: token).array.count == 1)
            let quoteID = try #require(quote["id"] as? String)
            #expect(try await app.send(.DELETE, "/api/v1/quotes/\(quoteID)", token: token).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/library/\(id)/quotes", token: token).array.isEmpty)
        }
    }

    @Test("tags are one per user whatever the case, keep the first spelling, and autocomplete")
    func tags() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            _ = try await app.addBook(
                token, title: "Children of Time", authors: ["Adrian Tchaikovsky"], extra: ["tags": ["Sci-Fi", "Spiders"]])
            let second = try await app.addBook(token, title: "Hyperion", authors: ["Dan Simmons"], extra: ["tags": ["sci-fi"]])
            #expect(second["tags"] as? [String] == ["Sci-Fi"])
            let suggestions = try await app.send(.GET, "/api/v1/tags?prefix=SC", token: token)
            #expect(suggestions.array.map { $0["name"] as? String } == ["Sci-Fi"])
            #expect(suggestions.array.first?["count"] as? Int == 2)
            let id = try #require(second["id"] as? String)
            let twentyOne = (1...21).map { "t\($0)" }
            let bad = try await app.send(
                .PATCH, "/api/v1/library/\(id)", token: token, json: ["tags": twentyOne, "favorite": true])
            #expect(bad.errorField == "tags")
            let after = try await app.send(.GET, "/api/v1/library/\(id)", token: token)
            #expect(after["tags"] as? [String] == ["Sci-Fi"])
            #expect(after["favorite"] as? Bool == false)
            let long = try await app.send(
                .PATCH, "/api/v1/library/\(id)", token: token, json: ["tags": [String(repeating: "x", count: 51)]])
            #expect(long.errorField == "tags[0]")
            let twenty = try await app.send(
                .PATCH, "/api/v1/library/\(id)", token: token, json: ["tags": Array(twentyOne.prefix(20))])
            #expect((twenty["tags"] as? [String])?.count == 20)
        }
    }

    @Test("author autocomplete offers the reader's own authors first, matching any word")
    func authors() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            _ = try await app.addBook(bob, title: "Tam Lin", authors: ["Pamela Dean"])
            _ = try await app.addBook(ann, title: "Ninefox Gambit", authors: ["Yoon Ha Lee"])
            _ = try await app.addBook(ann, title: "Bloodchild", authors: ["Octavia E. Butler"])
            let suggestions = try await app.send(.GET, "/api/v1/authors?prefix=p", token: bob)
            #expect(suggestions.array.first?["name"] as? String == "Pamela Dean")
            let forAnn = try await app.send(.GET, "/api/v1/authors?prefix=e", token: ann)
            // "Octavia E. Butler" (a word starts with E, Ann's) before nobody else's
            #expect(forAnn.array.first?["name"] as? String == "Octavia E. Butler")
            #expect(forAnn.array.first?["inLibrary"] as? Bool == true)
            let lee = try await app.send(.GET, "/api/v1/authors?prefix=LEE", token: bob)
            #expect(lee.array.map { $0["name"] as? String } == ["Yoon Ha Lee"])
            #expect(lee.array.first?["inLibrary"] as? Bool == false)
            #expect(try await app.send(.GET, "/api/v1/authors?prefix=%25", token: bob).array.isEmpty)
        }
    }
}
