import DogearTestSupport
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

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
            let queued = try accepted.importJob
            #expect(queued.format == "goodreads")
            #expect(queued.total == 4)
            #expect(accepted.headers.first(name: .location)?.hasPrefix("/api/v1/imports/") == true)
            await app.importJobs.wait(for: queued.id)
            let job = try await app.send(.GET, "/api/v1/imports/\(queued.id)", token: token).importJob
            #expect(job.status == "done")
            #expect(job.processed == 4)
            #expect(job.created == 3)
            #expect(job.failed == 1)
            #expect(job.errors.count == 1)
            #expect(job.errors.first?.line == 4)
            #expect(job.errors.first?.reason.contains("no title") == true)
            #expect(job.warnings.contains { $0.line == 5 && $0.reason.contains("spreadsheet") })

            let items = try await app.send(.GET, "/api/v1/library?sort=title", token: token).entries.items
            #expect(items.count == 3)
            let piranesi = try #require(items.first { $0.work.title == "Piranesi" })
            #expect(piranesi.status == "read")
            #expect(piranesi.rating == 5)
            #expect(piranesi.dateFinished == "2021-02-20")
            #expect(piranesi.readCount == 2)
            #expect(piranesi.tags.sorted() == ["comfort", "fantasy"])
            let season = try #require(items.first { $0.work.title == "The Fifth Season" })
            #expect(season.status == "didNotFinish")
            #expect(season.work.series == "The Broken Earth")
            #expect(season.owned == false)
            let notes = try await app.send(.GET, "/api/v1/library/\(piranesi.id)/notes", token: token).decode([NoteDTO].self)
            #expect(Set(notes.map(\.content)) == ["Loved it", "Lent to Sam"])
            // Kept columns: nothing the file had is dropped.
            let kept = try await app.count("SELECT COUNT(*) AS n FROM imported_fields WHERE fields LIKE '%Average Rating%'")
            #expect(kept == 3)
            // The upload is gone once its job is done.
            let files = try FileManager.default.contentsOfDirectory(atPath: app.importsDirectory)
            #expect(files.isEmpty)
            // Search finds imported books.
            let found = try await app.send(.GET, "/api/v1/library?q=lent", token: token)
            #expect(try found.entries.items.count == 1)
        }
    }

    @Test("shelvesAs=lists: a Goodreads file's own shelves become lists (not tags), once, in the file's order")
    func shelvesAsLists() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let job = try await app.importFile(token, Self.threeBooks, query: "shelvesAs=lists")
            #expect(job.created == 3)
            let lists = try await app.send(.GET, "/api/v1/lists", token: token).decode([ListDTO].self).filter { !$0.isDefault }
            #expect(Set(lists.map(\.name)) == ["fantasy", "comfort", "classics"])
            #expect(lists.allSatisfy { !$0.isPublic && $0.shareCode != nil })
            let fantasy = try #require(lists.first { $0.name == "fantasy" })
            let items = try await app.send(.GET, "/api/v1/lists/\(fantasy.id)/items", token: token)
                .decode(DogearServer.Page<ListItemDTO>.self).items
            #expect(items.map(\.work.title) == ["Piranesi"])
            #expect(items.first?.entryId != nil)
            let piranesi = try #require(
                try await app.send(.GET, "/api/v1/library?q=piranesi", token: token).entries.items.first)
            #expect(piranesi.tags.isEmpty)
            // Again: nothing new.
            _ = try await app.importFile(token, Self.threeBooks, fileName: "again.csv", query: "shelvesAs=lists")
            let again = try await app.send(.GET, "/api/v1/lists", token: token).decode([ListDTO].self).filter { !$0.isDefault }
            #expect(again.map(\.itemCount).sorted() == lists.map(\.itemCount).sorted())
            #expect(again.count == 3)
            // A choice that is neither is refused before anything is kept.
            let bad = try await app.upload(token, Self.threeBooks, query: "shelvesAs=folders")
            #expect(bad.status == .badRequest)
            #expect(bad.errorField == "shelvesAs")
        }
    }

    @Test("importing the same file twice changes nothing")
    func idempotent() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let first = try await app.importFile(token, Self.threeBooks)
            #expect(first.created == 3)
            let counts = try await tableCounts(app)
            let second = try await app.importFile(token, Self.threeBooks, fileName: "again.csv")
            #expect(second.created == 0)
            #expect(second.merged == 0)
            #expect(second.unchanged == 3)
            #expect(second.failed == 1)
            #expect(try await tableCounts(app) == counts)
        }
    }

    @Test("the dry run previews what the run will do (counts, status mapping, errors) and changes nothing")
    func dryRun() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let before = try await tableCounts(app)
            let preview = try await app.importFile(token, Self.threeBooks, dryRun: true)
            #expect(preview.status == "done")
            #expect(preview.dryRun == true)
            #expect(preview.created == 3)
            #expect(preview.failed == 1)
            #expect(preview.errors.first?.line == 4)
            #expect(preview.mappings.contains(.init(from: "dropped", to: "didNotFinish", rows: 1)))
            #expect(preview.mappings.contains { $0.from == "to-read" && $0.to == "wantToRead" })
            #expect(try await tableCounts(app) == before)
            let real = try await app.importFile(token, Self.threeBooks)
            #expect(real.created == preview.created)
        }
    }

    @Test("the raw file as the body works as well as a form")
    func rawBody() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let accepted = try await app.upload(token, Self.threeBooks, multipart: false)
            #expect(accepted.status == .accepted)
            await app.importJobs.wait(for: try accepted.importJob.id)
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
            while big.count <= UploadReceiver.defaultLimit { big.append(row) }
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
            let id = job.id
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
            #expect(job.format == "storyGraph")
            #expect(job.created == 1)
            #expect(job.merged == 2)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 4)
            let library = try await app.send(.GET, "/api/v1/library?q=piranesi", token: token).entries
            let piranesi = try #require(library.items.first)
            #expect(piranesi.rating == 5)  // Goodreads' rating stays
            #expect(piranesi.preciseRating == 4.75)  // StoryGraph adds its quarter stars
            #expect(piranesi.tags.sorted() == ["comfort", "fantasy", "labyrinths"])
            #expect(piranesi.readThroughs.first?.finishedOn == "2019-02-01")
            let moods = try await app.count(
                "SELECT COUNT(*) AS n FROM imported_fields WHERE format = 'storyGraph' AND fields LIKE '%reflective%'")
            #expect(moods == 1)
            // Middlemarch moves on from want-to-read; the same file again changes nothing.
            let middlemarch = try await app.send(.GET, "/api/v1/library?q=middlemarch", token: token)
            #expect(try middlemarch.entries.items.first?.status == "reading")
            let again = try await app.importFile(token, storyGraph, fileName: "storygraph.csv")
            #expect(again.unchanged == 3)
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
            let finished = try await app.send(.GET, "/api/v1/imports/\(try job.requireID())", token: token).importJob
            #expect(finished.status == "done")
            #expect(finished.created == 3)
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

@Suite("Confirming a preview")
struct ConfirmPreviewTests {
    @Test("ten confirmations of one preview at once make one job; every caller gets that job")
    func once() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let preview = try await app.importFile(token, ImportTests.threeBooks, dryRun: true)
            let job = try #require(try await ImportJob.find(preview.id, on: app.db))
            let runner = ImportRunner(db: app.db, logger: app.logger, now: app.clock.now)
            let answers = try await withThrowingTaskGroup(of: (UUID, Bool).self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        let (confirmed, isNew) = try await runner.confirm(job, shelvesAsLists: false)
                        return (try confirmed.requireID(), isNew)
                    }
                }
                return try await group.reduce(into: [(UUID, Bool)]()) { $0.append($1) }
            }
            #expect(Set(answers.map(\.0)).count == 1)
            #expect(answers.filter(\.1).count == 1)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM imports WHERE dry_run = ?", [false]) == 1)
        }
    }
}
