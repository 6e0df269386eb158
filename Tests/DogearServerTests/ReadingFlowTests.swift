import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Reading: status changes, progress, sessions")
struct ReadingFlowTests {
    @Test("status changes set dates automatically; a given date is used instead")
    func statusChanges() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try await app.addEntry(token).id
            let reading = try await app.send(
                .POST, "/api/v1/library/\(id)/status", token: token, json: ["status": "currently-reading"])
            #expect(reading.status == .ok)
            #expect(try reading.entry.status == "reading")
            #expect(try reading.entry.dateStarted == "2026-03-14")
            let read = try await app.send(
                .POST, "/api/v1/library/\(id)/status", token: token, json: ["status": "read", "date": "2026-03-20"])
            #expect(try read.entry.dateFinished == "2026-03-20")
            #expect(try read.entry.dateStarted == "2026-03-14")
            #expect(try read.entry.readCount == 1)
            #expect(try read.entry.currentPage == 272)
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
            let id = try await app.addEntry(token).id
            try await app.must(.PATCH, "/api/v1/library/\(id)", token: token, json: ["dateStarted": "2025-11-02"])
            let reading = try await app.send(.POST, "/api/v1/library/\(id)/status", token: token, json: ["status": "reading"])
            #expect(try reading.entry.dateStarted == "2025-11-02")
            let patched = try await app.send(
                .PATCH, "/api/v1/library/\(id)", token: token,
                json: ["status": "read", "dateFinished": "2025-10-01"])
            #expect(try patched.entry.dateFinished == "2025-10-01")
            #expect(try patched.entry.dateStarted == "2025-11-02")
            #expect(try patched.entry.status == "read")
        }
    }

    @Test("re-reading keeps the first read-through in history and counts both reads")
    func reread() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try await app.addEntry(
                token, extra: ["status": "read", "dateStarted": "2024-01-01", "dateFinished": "2024-01-20"]
            ).id
            let again = try await app.send(.POST, "/api/v1/library/\(id)/status", token: token, json: ["status": "reading"])
            #expect(try again.entry.dateStarted == "2026-03-14")
            #expect(try again.entry.dateFinished == nil)
            #expect(try again.entry.progress == 0)
            let history = try again.entry.readThroughs
            #expect(history.count == 1)
            #expect(history.first?.startedOn == "2024-01-01")
            #expect(history.first?.finishedOn == "2024-01-20")
            let done = try await app.send(.POST, "/api/v1/library/\(id)/progress", token: token, json: ["page": 272])
            #expect(try done.entry.status == "read")
            #expect(try done.entry.readCount == 2)
            #expect(try done.entry.dateFinished == "2026-03-14")
        }
    }

    @Test("progress by page, percent or minutes; the last page finishes the book")
    func progress() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try await app.addEntry(token, pageCount: 200).id
            let page = try await app.send(.POST, "/api/v1/library/\(id)/progress", token: token, json: ["page": 50])
            #expect(try page.entry.progress == 0.25)
            #expect(try page.entry.status == "reading")  // progress starts a want-to-read book
            #expect(try page.entry.dateStarted == "2026-03-14")
            let percent = try await app.send(.POST, "/api/v1/library/\(id)/progress", token: token, json: ["percent": 75])
            #expect(try percent.entry.currentPage == 150)
            let past = try await app.send(.POST, "/api/v1/library/\(id)/progress", token: token, json: ["page": 201])
            #expect(past.status == .unprocessableEntity)
            #expect(past.errorField == "page")
            let two = try await app.send(.POST, "/api/v1/library/\(id)/progress", token: token, json: ["page": 10, "percent": 5])
            #expect(two.status == .unprocessableEntity)
            let last = try await app.send(.POST, "/api/v1/library/\(id)/progress", token: token, json: ["page": 200])
            #expect(try last.entry.status == "read")
            #expect(try last.entry.dateFinished == "2026-03-14")
            #expect(try last.entry.progress == 1)
            #expect(try last.entry.readCount == 1)
        }
    }

    @Test("sessions add minutes, move the page, and give pace and an estimated finish")
    func sessions() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try await app.addEntry(token, pageCount: 300, extra: ["status": "reading"]).id
            let first = try await app.send(
                .POST, "/api/v1/library/\(id)/sessions", token: token,
                json: ["date": "2026-03-12", "minutes": 40, "startPage": 0, "endPage": 30])
            #expect(first.status == .created)
            #expect(try first.decode(SessionDTO.self).pagesRead == 30)
            try await app.must(
                .POST, "/api/v1/library/\(id)/sessions", token: token,
                json: ["date": "2026-03-13", "minutes": 50, "pagesRead": 30])
            let entry = try await app.send(.GET, "/api/v1/library/\(id)", token: token)
            #expect(try entry.entry.totalMinutes == 90)
            #expect(try entry.entry.currentPage == 60)
            #expect(try entry.entry.pagesPerDay == 30)
            // 240 pages left at 30 a day = 8 days from 2026-03-14
            #expect(try entry.entry.estimatedFinish == "2026-03-22")
            let list = try await app.send(.GET, "/api/v1/library/\(id)/sessions", token: token)
            let sessions = try list.decode([SessionDTO].self)
            #expect(sessions.count == 2)
            #expect(sessions.first?.date == "2026-03-13")
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
            #expect(try unchanged.entry.totalMinutes == 90)
        }
    }
}

@Suite("Notes, quotes and tags")
struct NotesQuotesTagsTests {
    @Test("notes: add, list, edit, delete, discussion flag, 5,000 characters at most")
    func notes() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try await app.addEntry(token).id
            let note = try await app.send(
                .POST, "/api/v1/library/\(id)/notes", token: token,
                json: ["content": String(repeating: "n", count: 5_000), "discussion": true])
            #expect(note.status == .created)
            #expect(try note.decode(NoteDTO.self).discussion == true)
            let tooLong = try await app.send(
                .POST, "/api/v1/library/\(id)/notes", token: token,
                json: ["content": String(repeating: "n", count: 5_001)])
            #expect(tooLong.status == .unprocessableEntity)
            #expect(tooLong.errorField == "content")
            #expect(
                try await app.send(.POST, "/api/v1/library/\(id)/notes", token: token, json: ["content": "  "]).errorField
                    == "content")
            let noteID = try note.decode(NoteDTO.self).id
            let edited = try await app.send(.PATCH, "/api/v1/notes/\(noteID)", token: token, json: ["content": "Shorter now"])
            #expect(try edited.decode(NoteDTO.self).content == "Shorter now")
            #expect(try await app.send(.GET, "/api/v1/library/\(id)/notes", token: token).decode([NoteDTO].self).count == 1)
            #expect(try await app.send(.DELETE, "/api/v1/notes/\(noteID)", token: token).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/library/\(id)/notes", token: token).decode([NoteDTO].self).isEmpty)
        }
    }

    @Test("quotes: text with an optional page")
    func quotes() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let id = try await app.addEntry(token).id
            let quote = try await app.send(
                .POST, "/api/v1/library/\(id)/quotes", token: token, json: ["text": "The Beauty of the House", "page": 5])
            #expect(quote.status == .created)
            #expect(try quote.decode(QuoteDTO.self).page == 5)
            #expect(
                try await app.send(.POST, "/api/v1/library/\(id)/quotes", token: token, json: ["text": "x", "page": 0]).errorField
                    == "page")
            #expect(try await app.send(.GET, "/api/v1/library/\(id)/quotes", token: token).decode([QuoteDTO].self).count == 1)
            let quoteID = try quote.decode(QuoteDTO.self).id
            #expect(try await app.send(.DELETE, "/api/v1/quotes/\(quoteID)", token: token).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/library/\(id)/quotes", token: token).decode([QuoteDTO].self).isEmpty)
        }
    }

    @Test("tags are one per user whatever the case, keep the first spelling, and autocomplete")
    func tags() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            _ = try await app.addBook(
                token, title: "Children of Time", authors: ["Adrian Tchaikovsky"], extra: ["tags": ["Sci-Fi", "Spiders"]])
            let second = try await app.addEntry(token, title: "Hyperion", authors: ["Dan Simmons"], extra: ["tags": ["sci-fi"]])
            #expect(second.tags == ["Sci-Fi"])
            let suggestions = try await app.send(.GET, "/api/v1/tags?prefix=SC", token: token)
                .decode([AutocompleteQuery.TagSuggestion].self)
            #expect(suggestions.map(\.name) == ["Sci-Fi"])
            #expect(suggestions.first?.count == 2)
            let id = second.id
            let twentyOne = (1...21).map { "t\($0)" }
            let bad = try await app.send(
                .PATCH, "/api/v1/library/\(id)", token: token, json: ["tags": twentyOne, "favorite": true])
            #expect(bad.errorField == "tags")
            let after = try await app.send(.GET, "/api/v1/library/\(id)", token: token)
            #expect(try after.entry.tags == ["Sci-Fi"])
            #expect(try after.entry.favorite == false)
            let long = try await app.send(
                .PATCH, "/api/v1/library/\(id)", token: token, json: ["tags": [String(repeating: "x", count: 51)]])
            #expect(long.errorField == "tags[0]")
            let twenty = try await app.send(
                .PATCH, "/api/v1/library/\(id)", token: token, json: ["tags": Array(twentyOne.prefix(20))])
            #expect(try twenty.entry.tags.count == 20)
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
            typealias Suggestions = [AutocompleteQuery.AuthorSuggestion]
            let suggestions = try await app.send(.GET, "/api/v1/authors?prefix=p", token: bob).decode(Suggestions.self)
            #expect(suggestions.first?.name == "Pamela Dean")
            let forAnn = try await app.send(.GET, "/api/v1/authors?prefix=e", token: ann).decode(Suggestions.self)
            // "Octavia E. Butler" (a word starts with E, Ann's) before nobody else's
            #expect(forAnn.first?.name == "Octavia E. Butler")
            #expect(forAnn.first?.inLibrary == true)
            let lee = try await app.send(.GET, "/api/v1/authors?prefix=LEE", token: bob).decode(Suggestions.self)
            #expect(lee.map(\.name) == ["Yoon Ha Lee"])
            #expect(lee.first?.inLibrary == false)
            #expect(try await app.send(.GET, "/api/v1/authors?prefix=%25", token: bob).decode(Suggestions.self).isEmpty)
        }
    }
}
