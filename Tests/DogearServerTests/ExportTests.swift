import DogearTestSupport
import DogearTransfer
import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Export")
struct ExportTests {
    /// A library with a bit of everything: statuses, a re-read, tags, notes, quotes, sessions.
    func fillLibrary(_ app: Application, _ token: String) async throws {
        let piranesi = try await app.addEntry(
            token, title: "Piranesi", authors: ["Susanna Clarke"], pageCount: 272,
            isbn: "9781635575637",
            extra: [
                "status": "read", "rating": 5,
                "dateStarted": "2021-02-01", "dateFinished": "2021-02-20",
                "tags": ["Fantasy", "comfort"],
            ])
        let id = piranesi.id
        try await app.must(
            .POST, "/api/v1/library/\(id)/status", token: token, json: ["status": "reading", "date": "2026-03-01"])
        try await app.must(
            .POST, "/api/v1/library/\(id)/sessions", token: token,
            json: ["date": "2026-03-02", "minutes": 30, "startPage": 1, "endPage": 40])
        try await app.must(
            .POST, "/api/v1/library/\(id)/notes", token: token, json: ["content": "The statues, the tides; a < b > c"])
        try await app.must(
            .POST, "/api/v1/library/\(id)/quotes", token: token,
            json: ["text": "The Beauty of the House is immeasurable", "page": 5])
        _ = try await app.addBook(
            token, title: "The Dispossessed", authors: ["Ursula K. Le Guin"], pageCount: 387,
            extra: ["status": "didNotFinish", "favorite": true, "preciseRating": 3.5])
        _ = try await app.addBook(
            token, title: "Kindred", authors: ["Octavia E. Butler"], pageCount: nil,
            extra: ["status": "wantToRead", "onWishlist": true, "recommendedBy": "Sam"])
        try await fillLists(app, token, piranesiWork: piranesi.work.id)
    }

    /// Two lists: one public with a book that is not in the library, a note, and an order changed by
    /// a move (the last book to the top); one private and empty.
    func fillLists(_ app: Application, _ token: String, piranesiWork: UUID) async throws {
        let list = try await app.send(
            .POST, "/api/v1/lists", token: token,
            json: ["name": "Books that made me cry", "description": "Keep tissues", "isPublic": true]
        ).decode(ListDTO.self)
        let outsider = try await app.send(
            .POST, "/api/v1/library", token: token,
            json: ["book": ["title": "Middlemarch", "authors": ["George Eliot"], "isbn": "9780141439549"]]
        ).entry
        try await app.must(.DELETE, "/api/v1/library/\(outsider.id)", token: token)  // the work stays in the catalog
        for body in [
            ["workId": piranesiWork.uuidString, "note": "The House"], ["workId": outsider.work.id.uuidString],
        ] {
            #expect(try await app.send(.POST, "/api/v1/lists/\(list.id)/items", token: token, json: body).status == .created)
        }
        let items = try await app.send(.GET, "/api/v1/lists/\(list.id)/items", token: token)
            .decode(DogearServer.Page<ListItemDTO>.self).items
        let last = try #require(items.last)
        #expect(
            try await app.send(.PATCH, "/api/v1/lists/\(list.id)/items/\(last.id)", token: token, json: ["position": 0]).status
                == .ok)
        #expect(try await app.send(.POST, "/api/v1/lists", token: token, json: ["name": "Empty for now"]).status == .created)
    }

    func export(_ app: Application, _ token: String, _ format: String) async throws -> Reply {
        try await app.send(.GET, "/api/v1/export?format=\(format)", token: token)
    }

    @Test(
        "each format downloads as a file; the Goodreads CSV has the 24-column header, =\"…\" ISBNs and shelves",
        arguments: ["goodreads", "storygraph", "json"])
    func formats(_ format: String) async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            try await fillLibrary(app, token)
            let reply = try await export(app, token, format)
            #expect(reply.status == .ok)
            #expect(
                reply.headers.first(name: .contentDisposition)?.contains("attachment; filename=\"dogear-\(format)-2026-03-14")
                    == true)
            let lines = reply.body.split(separator: "\n")
            switch format {
            case "goodreads":
                #expect(reply.headers.contentType?.subType == "csv")
                #expect(lines.first?.split(separator: ",").count == 24)
                #expect(
                    reply.body.contains(#"Piranesi,Susanna Clarke,"Clarke, Susanna",,"=""163557563X""","=""9781635575637""",5,"#))
                #expect(reply.body.contains("did-not-finish"))
                #expect(reply.body.contains("\"comfort, Fantasy\""))
            case "storygraph":
                #expect(lines.first?.split(separator: ",").count == 23)
                #expect(reply.body.contains("The Dispossessed,Ursula K. Le Guin,,,,did-not-finish"))
                #expect(reply.body.contains(",3.5,"))
            default:
                let backup = try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any]
                #expect(backup?["format"] as? String == "dogear-backup")
                let entries = backup?["entries"] as? [[String: Any]] ?? []
                #expect(entries.count == 3)
                let piranesi = try #require(entries.first { ($0["book"] as? [String: Any])?["title"] as? String == "Piranesi" })
                #expect((piranesi["readThroughs"] as? [[String: Any]])?.count == 1)
                #expect((piranesi["sessions"] as? [[String: Any]])?.count == 1)
                #expect((piranesi["quotes"] as? [[String: Any]])?.first?["page"] as? Int == 5)
                #expect((backup?["profile"] as? [String: Any])?["displayName"] as? String == "Reader")
                // Lists in their order, with notes; no share codes (a restored list gets a new one).
                let lists = backup?["lists"] as? [[String: Any]] ?? []
                #expect(lists.map { $0["name"] as? String } == ["Books that made me cry", "Empty for now"])
                let items = lists.first?["items"] as? [[String: Any]] ?? []
                #expect(items.map { ($0["book"] as? [String: Any])?["title"] as? String } == ["Middlemarch", "Piranesi"])
                #expect(items.last?["note"] as? String == "The House")
                #expect(!reply.body.contains("shareCode"))
            }
        }
    }

    @Test(
        "a title, note or tag that a spreadsheet would run as a formula is written with a ' in front, and comes back as typed",
        arguments: ["goodreads", "storygraph"])
    func formulaInjection(_ format: String) async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let title = "=HYPERLINK(\"http://evil.example\",\"Click\")"
            let entry = try await app.addEntry(
                ann, title: title, authors: ["@Someone"], isbn: "9780140328721", extra: ["tags": ["+plus", "-minus"]])
            try await app.must(.POST, "/api/v1/library/\(entry.id)/notes", token: ann, json: ["content": "@SUM(A1:A9)"])
            let file = try await export(app, ann, format).body
            #expect(file.contains("'=HYPERLINK("))
            #expect(!file.contains(",=HYPERLINK(") && !file.contains("\"=HYPERLINK("))
            #expect(file.contains("'@SUM(A1:A9)"))
            #expect(file.contains("'@Someone"))
            if format == "goodreads" { #expect(file.contains("=\"\"9780140328721\"\"")) }  // Dogear's own ISBN cell stays

            let bob = try await app.signUp("bob@example.com")
            let job = try await app.importFile(bob, Data(file.utf8), fileName: "export.csv")
            #expect(job.failed == 0)
            let back = try await app.send(.GET, "/api/v1/library", token: bob).entries.items
            #expect(back.map(\.work.title) == [title])
            #expect(back.first?.work.authors.map(\.name) == ["@Someone"])
        }
    }

    @Test("an unknown format is refused, naming the field")
    func unknownFormat() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let reply = try await export(app, token, "pdf")
            #expect(reply.status == .unprocessableEntity)
            #expect(reply.errorField == "format")
            #expect(try await app.send(.GET, "/api/v1/export?format=json").status == .unauthorized)
        }
    }

    @Test("export → import into an empty account → export gives the same file", arguments: ["goodreads", "storygraph", "json"])
    func roundTrip(_ format: String) async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            try await fillLibrary(app, ann)
            if let fixtures = SharedFixtures.directory {
                _ = try await app.importFile(
                    ann, try Data(contentsOf: fixtures.appendingPathComponent("goodreads/freizl-315rows-html-reviews.csv")))
                _ = try await app.importFile(
                    ann, try Data(contentsOf: fixtures.appendingPathComponent("storygraph/bsanser-193rows-crlf.csv")))
            }
            let first = try await export(app, ann, format)
            let bob = try await app.signUp("bob@example.com")
            let job = try await app.importFile(bob, Data(first.body.utf8), fileName: "export.\(format)")
            #expect(job.failed == 0, "\(job.errors.prefix(3))")
            let second = try await export(app, bob, format)
            #expect(second.body == first.body)
            if second.body != first.body {
                try? first.body.write(toFile: NSTemporaryDirectory() + "roundtrip-\(format)-1", atomically: true, encoding: .utf8)
                try? second.body.write(
                    toFile: NSTemporaryDirectory() + "roundtrip-\(format)-2", atomically: true, encoding: .utf8)
            }
            #expect(second.body.split(separator: "\n").count > 3)
        }
    }

    @Test("a backup imported twice makes its lists once; a restored list has a new share code")
    func listsOnce() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            try await fillLibrary(app, ann)
            let backup = try await export(app, ann, "json").body
            let bob = try await app.signUp("bob@example.com")
            _ = try await app.importFile(bob, Data(backup.utf8), fileName: "backup.json")
            let once = try await app.send(.GET, "/api/v1/lists", token: bob).decode([ListDTO].self)
            _ = try await app.importFile(bob, Data(backup.utf8), fileName: "backup.json")
            let twice = try await app.send(.GET, "/api/v1/lists", token: bob).decode([ListDTO].self)
            #expect(twice.map(\.name) == once.map(\.name))
            #expect(twice.map(\.itemCount) == once.map(\.itemCount))
            #expect(once.filter { !$0.isDefault }.map(\.itemCount) == [0, 2])  // newest first: "Empty for now"
            let anns = try await app.send(.GET, "/api/v1/lists", token: ann).decode([ListDTO].self)
            let codes = Set(anns.compactMap(\.shareCode))
            #expect(once.compactMap(\.shareCode).allSatisfy { !codes.contains($0) })
        }
    }

    @Test("the JSON backup restores everything into an empty account on a new server")
    func backupOnANewServer() async throws {
        var backup = ""
        try await withDogear { app in
            let token = try await app.signUp()
            try await fillLibrary(app, token)
            try await app.must(
                .PATCH, "/api/v1/me", token: token, json: ["timeZone": "Europe/Paris", "genrePreferences": ["fantasy"]])
            backup = try await export(app, token, "json").body
        }
        try await withDogear { app in
            let token = try await app.signUp("new@example.com", name: "Someone")
            let job = try await app.importFile(token, Data(backup.utf8), fileName: "backup.json")
            #expect(job.format == "dogearBackup")
            #expect(job.created == 3)
            let restored = try await export(app, token, "json").body
            #expect(restored == backup)
            if restored != backup {
                try? backup.write(toFile: NSTemporaryDirectory() + "backup-1", atomically: true, encoding: .utf8)
                try? restored.write(toFile: NSTemporaryDirectory() + "backup-2", atomically: true, encoding: .utf8)
            }
            let me = try await app.send(.GET, "/api/v1/me", token: token).decode(UserDTO.self)
            #expect(me.timeZone == "Europe/Paris")
            #expect(me.displayName == "Reader")
            let library = try await app.send(.GET, "/api/v1/library?q=piranesi", token: token).entries
            let piranesi = try #require(library.items.first)
            #expect(piranesi.status == "reading")
            #expect(piranesi.readThroughs.first?.finishedOn == "2021-02-20")
            let notes = try await app.send(.GET, "/api/v1/library/\(piranesi.id)/notes", token: token).decode([NoteDTO].self)
            #expect(notes.first?.content == "The statues, the tides; a < b > c")
        }
    }
}

@Suite("An export that cannot be written")
struct ExportWriteFailureTests {
    @Test("every format written to a full disk (/dev/full) throws diskFull instead of ending short in silence")
    func fullDisk() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            for index in 0..<30 { _ = try await app.addBook(token, title: "Book \(index)", authors: ["Writer"]) }
            let user = try #require(try await User.query(on: app.db).first())
            for format in ExportService.Format.allCases {
                let stream = try #require(OutputStream(toFileAtPath: "/dev/full", append: false))
                stream.open()
                defer { stream.close() }
                do {
                    try await ExportService(db: app.db).write(for: user, format: format, to: stream)
                    Issue.record("\(format) wrote to a full disk without an error")
                } catch let error as TransferWriteError {
                    #expect(error.underlying.map(FileSink.isDiskFull) == true, "\(format): \(error)")
                }
            }
        }
    }
}
