import DogearTestSupport
import Foundation
import NIOConcurrencyHelpers
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// The dry run plans with reads only (`ImportPreviewPlanner`): it must still count exactly what
/// the run then does, across batch boundaries and against what the library already holds, and it
/// must leave other readers free to write while it runs.
@Suite("Import preview without a long transaction")
struct ImportPreviewTests {
    /// A file whose book comes back in a later batch (rows of 3): Piranesi again with a new shelf
    /// (merged), Piranesi a third time as it was (unchanged), an ISBN the first row made an edition
    /// for under another title (the same book), a new book twice.
    static let repeats = Data(
        #"""
        \#(ImportTests.header)
        1,Piranesi,Susanna Clarke,,,"=""1635575632""","=""9781635575637""",5,,,,272,,,2021/02/20,2021/01/01,fantasy,,read,,,,1,0
        2,Middlemarch,George Eliot,,,,,0,,,,880,,,,2024/03/02,,,to-read,,,,,0
        3,Sabriel,Garth Nix,,,,,0,,,,,,,,2024/03/02,,,to-read,,,,,0
        4,Piranesi,Susanna Clarke,,,,,0,,,,,,,,2024/03/03,"fantasy, comfort",,read,,,,,0
        5,Piranesi,Susanna Clarke,,,,,0,,,,,,,,2024/03/03,fantasy,,read,,,,,0
        6,Piranesi (hardback),S. Clarke,,,,"=""9781635575637""",0,,,,,,,,2024/03/04,,,to-read,,,,,0
        7,Middlemarch,George Eliot,,,,,4,,,,,,,2024/05/01,2024/03/02,,,read,,,,,0
        8,Lirael,Garth Nix,,,,,0,,,,,,,,2024/03/05,,,to-read,,,,,0
        9,Lirael,Garth Nix,,,,,0,,,,,,,,2024/03/05,,,to-read,,,,,0

        """#.utf8)

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// Files the reader imported before (fixture paths, or "repeats" / "threeBooks").
        let before: [String]
        let file: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a Goodreads file into an empty library", before: [], file: "threeBooks"),
        Case(name: "the same file again", before: ["threeBooks"], file: "threeBooks"),
        Case(name: "books repeated across batches", before: [], file: "repeats"),
        Case(name: "repeats after some of them were imported", before: ["threeBooks"], file: "repeats"),
        Case(
            name: "StoryGraph after the same reader's Goodreads", before: ["goodreads/bsanser-358rows-pairs-with-storygraph.csv"],
            file: "storygraph/bsanser-193rows-crlf.csv"),
        Case(name: "a mangled StoryGraph file", before: [], file: "storygraph/dblake26-299rows-excel-mangled.csv"),
        Case(name: "LibraryThing's JSON", before: [], file: "librarything/mouse-reeve-221books.json"),
        Case(
            name: "a 619-row Goodreads file imported twice", before: ["goodreads/romneyda-619rows-31col.csv"],
            file: "goodreads/romneyda-619rows-31col.csv"),
    ]

    static func data(_ name: String) throws -> Data {
        switch name {
        case "threeBooks": return ImportTests.threeBooks
        case "repeats": return repeats
        default: return try #require(SharedFixtures.data(name), "fixture \(name)")
        }
    }

    @Test("a preview counts what the run then does (batches of 3), and writes nothing", arguments: cases)
    func sameAsRun(_ testCase: Case) async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            for name in testCase.before { _ = try await app.importFile(token, try Self.data(name)) }
            let path = NSTemporaryDirectory() + "preview-\(UUID().uuidString)"
            try Self.data(testCase.file).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let userID = try await app.userID(token)
            let runner = ImportRunner(db: app.db, logger: app.logger, now: app.clock.now, batchSize: 3)

            let before = try await ImportTests().tableCounts(app)
            let dry = try await runner.createJob(userID: userID, filePath: path, fileName: nil, dryRun: true)
            let preview = try await runner.run(try dry.requireID())
            #expect(preview.status == .done)
            #expect(try await ImportTests().tableCounts(app) == before)

            let real = try await runner.createJob(userID: userID, filePath: path, fileName: nil, dryRun: false)
            let run = try await runner.run(try real.requireID())
            #expect(run.status == .done)
            let previewed = [preview.created, preview.merged, preview.unchanged, preview.failed, preview.processed]
            #expect(previewed == [run.created, run.merged, run.unchanged, run.failed, run.processed])
            #expect(preview.mappings == run.mappings)
            let previewErrors = try await app.count("SELECT COUNT(*) AS n FROM import_rows WHERE import_id = ?", [dry.id!])
            let runErrors = try await app.count("SELECT COUNT(*) AS n FROM import_rows WHERE import_id = ?", [real.id!])
            #expect(previewErrors == runErrors)
        }
    }

    @Test("the repeats file: what each row does, as the reader will see it")
    func repeatsCounted() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let preview = try await app.importFile(token, Self.repeats, dryRun: true)
            // Piranesi, Middlemarch, Sabriel, Lirael are made; row 4 adds a tag, row 6 is the
            // same ISBN (nothing new), row 7 moves Middlemarch on to read; rows 5 and 9 repeat.
            #expect([preview.created, preview.merged, preview.unchanged] as [Int] == [4, 2, 3])
        }
    }

    @Test("while a preview runs, its progress shows and another reader's write goes through between batches")
    func othersWrite() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            let path = NSTemporaryDirectory() + "preview-\(UUID().uuidString).csv"
            try Self.repeats.write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let runner = ImportRunner(db: app.db, logger: app.logger, now: app.clock.now, batchSize: 3)
            let job = try await runner.createJob(
                userID: try await app.userID(ann), filePath: path, fileName: nil, dryRun: true)
            let jobID = try job.requireID()
            let seen = NIOLockedValueBox<[String]>([])
            let finished = try await runner.run(jobID) { _ in
                // Between two batches: if the preview held a write transaction, this write would
                // wait for it and the preview for this write, forever.
                let note: String
                do {
                    let entry = try await app.addEntry(bob, title: "Book \(seen.withLockedValue { $0.count })")
                    let progress = try await app.send(.GET, "/api/v1/imports/\(jobID)", token: ann).importJob
                    note = "added \(entry.work.title); previewed \(progress.processed)"
                } catch {
                    note = "failed: \(error)"
                }
                seen.withLockedValue { $0.append(note) }
            }
            #expect(finished.status == .done)
            #expect(
                seen.withLockedValue { $0 } == [
                    "added Book 0; previewed 3", "added Book 1; previewed 6", "added Book 2; previewed 9",
                    "added Book 3; previewed 9",
                ])
            let annID = try await app.userID(ann)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries WHERE user_id = ?", [annID]) == 0)
        }
    }
}
