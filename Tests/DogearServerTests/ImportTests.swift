import DogearTestSupport
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer

/// Small files written here, one behaviour each.
@Suite("Import jobs")
struct ImportTests {
    static let header =
        "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"

    static let threeBooks = Data(
        #"""
        \#(header)
        1,Piranesi,Susanna Clarke,"Clarke, Susanna",,"=""1635575632""","=""9781635575637""",5,4.2,Bloomsbury,Hardcover,272,2020,2020,2021/02/20,2021/01/01,"fantasy, comfort",,read,<p>Loved it</p>,,Lent to Sam,2,1
        2,"The Fifth Season (The Broken Earth, #1)",N.K. Jemisin,"Jemisin, N.K.",,"=""""","=""""",0,4.3,Orbit,Paperback,468,2015,2015,,2024/03/01,dropped,,dropped,,,,,0
        3,,Nobody,,,,,0,,,,,,,,2024/03/01,,,to-read,,,,,0
        4,Middlemarch,George Eliot,"Eliot, George",,"=""""","=""9.78014E+12""",0,3.9,Penguin,Paperback,880,2003,1871,,2024/03/02,classics,,to-read,,,,,0

        """#.utf8)

    @Test("an upload runs to the end: rows created, the untitled one failed with its line, warnings kept, nothing else lost")
    func importsAFile() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let accepted = try await app.upload(token, Self.threeBooks)
            #expect(accepted.status == .accepted)
            #expect(accepted["format"] as? String == "goodreads")
            #expect(accepted.int("total") == 4)
            #expect(accepted.headers.first(name: .location)?.hasPrefix("/api/v1/imports/") == true)
            let id = try #require(accepted["id"] as? String)
            await app.importJobs.wait(for: UUID(uuidString: id)!)
            let job = try await app.send(.GET, "/api/v1/imports/\(id)", token: token)
            #expect(job["status"] as? String == "done")
            #expect(job.int("processed") == 4)
            #expect(job.int("created") == 3)
            #expect(job.int("failed") == 1)
            #expect(job.errors.count == 1)
            #expect(job.errors.first?["line"] as? Int == 4)
            #expect((job.errors.first?["reason"] as? String)?.contains("no title") == true)
            let warnings = job["warnings"] as? [[String: Any]] ?? []
            #expect(warnings.contains { $0["line"] as? Int == 5 && ($0["reason"] as? String)?.contains("spreadsheet") == true })

            let library = try await app.send(.GET, "/api/v1/library?sort=title", token: token)
            let items = library["items"] as? [[String: Any]] ?? []
            #expect(items.count == 3)
            let piranesi = try #require(items.first { ($0["work"] as? [String: Any])?["title"] as? String == "Piranesi" })
            #expect(piranesi["status"] as? String == "read")
            #expect(piranesi["rating"] as? Int == 5)
            #expect(piranesi["dateFinished"] as? String == "2021-02-20")
            #expect(piranesi["readCount"] as? Int == 2)
            #expect((piranesi["tags"] as? [String])?.sorted() == ["comfort", "fantasy"])
            let season = try #require(items.first { ($0["work"] as? [String: Any])?["title"] as? String == "The Fifth Season" })
            #expect(season["status"] as? String == "didNotFinish")
            #expect((season["work"] as? [String: Any])?["series"] as? String == "The Broken Earth")
            #expect(season["owned"] as? Bool == false)
            let notes = try await app.send(.GET, "/api/v1/library/\(piranesi["id"] as! String)/notes", token: token)
            #expect(Set(notes.array.compactMap { $0["content"] as? String }) == ["Loved it", "Lent to Sam"])
            // Kept columns: nothing the file had is dropped.
            let kept = try await app.count("SELECT COUNT(*) AS n FROM imported_fields WHERE fields LIKE '%Average Rating%'")
            #expect(kept == 3)
            // The upload is gone once its job is done.
            let files = try FileManager.default.contentsOfDirectory(atPath: app.importsDirectory)
            #expect(files.isEmpty)
            // Search finds imported books.
            let found = try await app.send(.GET, "/api/v1/library?q=lent", token: token)
            #expect((found["items"] as? [[String: Any]])?.count == 1)
        }
    }

    @Test("importing the same file twice changes nothing")
    func idempotent() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let first = try await app.importFile(token, Self.threeBooks)
            #expect(first.int("created") == 3)
            let counts = try await tableCounts(app)
            let second = try await app.importFile(token, Self.threeBooks, fileName: "again.csv")
            #expect(second.int("created") == 0)
            #expect(second.int("merged") == 0)
            #expect(second.int("unchanged") == 3)
            #expect(second.int("failed") == 1)
            #expect(try await tableCounts(app) == counts)
        }
    }

    @Test("the dry run previews what the run will do (counts, status mapping, errors) and changes nothing")
    func dryRun() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let before = try await tableCounts(app)
            let preview = try await app.importFile(token, Self.threeBooks, dryRun: true)
            #expect(preview["status"] as? String == "done")
            #expect(preview["dryRun"] as? Bool == true)
            #expect(preview.int("created") == 3)
            #expect(preview.int("failed") == 1)
            #expect(preview.errors.first?["line"] as? Int == 4)
            let mappings = preview["mappings"] as? [[String: Any]] ?? []
            #expect(
                mappings.contains {
                    $0["from"] as? String == "dropped" && $0["to"] as? String == "didNotFinish" && $0["rows"] as? Int == 1
                })
            #expect(mappings.contains { $0["from"] as? String == "to-read" && $0["to"] as? String == "wantToRead" })
            #expect(try await tableCounts(app) == before)
            let real = try await app.importFile(token, Self.threeBooks)
            #expect(real.int("created") == preview.int("created"))
        }
    }

    @Test("the raw file as the body works as well as a form")
    func rawBody() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let accepted = try await app.upload(token, Self.threeBooks, multipart: false)
            #expect(accepted.status == .accepted)
            await app.importJobs.wait(for: UUID(uuidString: accepted["id"] as! String)!)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 3)
        }
    }

    @Test("files that cannot be imported say why, and leave no job or entry")
    func badFiles() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let unknown = try await app.upload(token, Data("name,email\nAnn,ann@example.com\n".utf8))
            #expect(unknown.status == .unprocessableEntity)
            #expect(unknown.errorField == "file")
            #expect(unknown.errorMessage?.contains("unrecognised format") == true)
            #expect(unknown.errorMessage?.contains("'name'") == true)
            let empty = try await app.upload(token, Data())
            #expect(empty.status == .unprocessableEntity)
            let noPart = try await app.send(.POST, "/api/v1/imports", token: token, raw: "")
            #expect(noPart.status.code >= 400)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM imports") == 0)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 0)
        }
    }

    @Test("an upload over 50 MB is refused with 413")
    func tooLarge() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            var big = Data((Self.header + "\n").utf8)
            let row = Data("1,A,B,,,,,0,,,,,,,,2024/01/01,,,to-read,,,,,0\n".utf8)
            while big.count <= UploadReceiver.limit { big.append(row) }
            let reply = try await app.upload(token, big, multipart: false)
            #expect(reply.status == .payloadTooLarge)
            #expect(reply.errorCode == "fileTooLarge")
            #expect(try await app.count("SELECT COUNT(*) AS n FROM imports") == 0)
        }
    }

    @Test("another reader's import is not found; a job needs signing in")
    func privacy() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            let job = try await app.importFile(ann, Self.threeBooks)
            let id = try #require(job["id"] as? String)
            #expect(try await app.send(.GET, "/api/v1/imports/\(id)", token: bob).status == .notFound)
            #expect(try await app.send(.GET, "/api/v1/imports/\(id)").status == .unauthorized)
            #expect(try await app.send(.GET, "/api/v1/imports/not-a-uuid", token: ann).status == .badRequest)
        }
    }

    @Test("a StoryGraph export after a Goodreads one of the same library merges into the same entries")
    func goodreadsThenStoryGraph() async throws {
        let storyGraph = Data(
            """
            Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?
            Piranesi,Susanna Clarke,,9781635575637,hardcover,read,2021/01/01,2021/02/20,"2019/01/01-2019/02/01, 2021/02/01-2021/02/20",2,"mysterious, reflective",slow,,,,,,4.75,,,,"fantasy, labyrinths",Yes
            Middlemarch,George Eliot,,,paperback,currently-reading,2024/03/02,,,0,,,,,,,,,,,,,No
            Kindred,Octavia E. Butler,,9780807083697,paperback,to-read,2024/05/05,,,0,,,,,,,,,,,,,No

            """.utf8)
        try await withDogear { app in
            let token = try await app.signUp()
            _ = try await app.importFile(token, Self.threeBooks)
            let job = try await app.importFile(token, storyGraph, fileName: "storygraph.csv")
            #expect(job["format"] as? String == "storyGraph")
            #expect(job.int("created") == 1)
            #expect(job.int("merged") == 2)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 4)
            let library = try await app.send(.GET, "/api/v1/library?q=piranesi", token: token)
            let piranesi = try #require((library["items"] as? [[String: Any]])?.first)
            #expect(piranesi["rating"] as? Int == 5)  // Goodreads' rating stays
            #expect(piranesi["preciseRating"] as? Double == 4.75)  // StoryGraph adds its quarter stars
            #expect((piranesi["tags"] as? [String])?.sorted() == ["comfort", "fantasy", "labyrinths"])
            #expect((piranesi["readThroughs"] as? [[String: Any]])?.first?["finishedOn"] as? String == "2019-02-01")
            let moods = try await app.count(
                "SELECT COUNT(*) AS n FROM imported_fields WHERE format = 'storyGraph' AND fields LIKE '%reflective%'")
            #expect(moods == 1)
            // Middlemarch moves on from want-to-read; the same file again changes nothing.
            let middlemarch = try await app.send(.GET, "/api/v1/library?q=middlemarch", token: token)
            #expect(((middlemarch["items"] as? [[String: Any]])?.first?["status"]) as? String == "reading")
            let again = try await app.importFile(token, storyGraph, fileName: "storygraph.csv")
            #expect(again.int("unchanged") == 3)
        }
    }

    @Test("a job stopped between batches goes on from its last committed row: every row exactly once")
    func resume() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            var text = Self.header + "\n"
            for index in 1...25 { text += "\(index),Book \(index),Author \(index),,,,,0,,,,,,,,2024/01/01,,,to-read,,,,,0\n" }
            let path = NSTemporaryDirectory() + "resume-\(UUID().uuidString).csv"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let userID = try await app.userID(token)
            let runner = ImportRunner(db: app.db, logger: app.logger, now: app.clock.now, batchSize: 10)
            let job = try await runner.createJob(userID: userID, filePath: path, fileName: nil, dryRun: false)
            // Stop it after its first batch, as a crash would.
            let task = Task { try await runner.run(try job.requireID()) { _ in withUnsafeCurrentTask { $0?.cancel() } } }
            _ = await task.result
            let stopped = try #require(try await ImportJob.find(job.id, on: app.db))
            #expect(stopped.status == .running)
            #expect(stopped.processed == 10)
            #expect(stopped.lastLine == 11)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 10)
            let finished = try await runner.run(try job.requireID())
            #expect(finished.status == .done)
            #expect(finished.processed == 25)
            #expect(finished.created == 25)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 25)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM works") == 25)
        }
    }

    @Test("a server that starts again goes on with the imports it left unfinished")
    func resumeAtBoot() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let path = NSTemporaryDirectory() + "boot-\(UUID().uuidString).csv"
            try Self.threeBooks.write(to: URL(fileURLWithPath: path))
            let runner = ImportRunner(db: app.db, logger: app.logger, now: app.clock.now)
            let job = try await runner.createJob(
                userID: try await app.userID(token), filePath: path, fileName: nil, dryRun: false)
            let jobs = ImportJobs(resumeAtBoot: true)
            try await jobs.didBootAsync(app)
            await jobs.wait(for: try job.requireID())
            let finished = try await app.send(.GET, "/api/v1/imports/\(try job.requireID())", token: token)
            #expect(finished["status"] as? String == "done")
            #expect(finished.int("created") == 3)
        }
    }

    /// Rows in every table an import writes to.
    func tableCounts(_ app: Application) async throws -> [Int] {
        var counts: [Int] = []
        for table in [
            "works", "editions", "authors", "external_ids", "library_entries", "tags", "entry_tags", "notes",
            "read_throughs", "imported_fields",
        ] {
            counts.append(try await app.count("SELECT COUNT(*) AS n FROM \(table)"))
        }
        return counts
    }
}
