import CSV
import DogearTestSupport
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Every real export in ../shared/fixtures, imported through the API (skipped when the folder is
/// absent). What the library ends up holding is compared with what the file holds, counted here
/// straight from the CSV columns.
@Suite("Import: every real export")
struct ImportFixtureTests {
    static func files(_ folder: String, _ suffixes: [String]) -> [String] {
        guard let directory = SharedFixtures.directory?.appendingPathComponent(folder),
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return names.filter { name in suffixes.contains { name.hasSuffix($0) } }.sorted().map { "\(folder)/\($0)" }
    }

    static let goodreads = files("goodreads", [".csv"])
    static let storyGraph = files("storygraph", [".csv"])
    static let libraryThing = files("librarything", [".csv", ".tsv", ".json"])

    /// What a Goodreads file says, one book per (title, first author) as the catalog matches them.
    struct Expected {
        var rows = 0, untitled = 0
        var status: [String: String] = [:]
        var rated = Set<String>(), tagged = Set<String>(), notes = 0, readCounts: [String: Int] = [:]
        /// The dates a book was finished on, over all its rows (a hardcover read in 2014, a Kindle in 2018).
        var readDates: [String: Set<String>] = [:]
        var books: Int { status.count }
        /// Finished reads with a date, each its own: the entry's latest and a read-through for each earlier one.
        var datedReads: Int { readDates.filter { status[$0.key] == "read" }.values.map(\.count).reduce(0, +) }
        func count(_ value: String) -> Int { status.values.filter { $0 == value }.count }
    }

    static func expectedGoodreads(_ path: String) throws -> Expected {
        let reader = try CSVReader(stream: InputStream(fileAtPath: path)!, hasHeaderRow: true)
        var expected = Expected()
        let builtIn = ["read": "read", "currently-reading": "reading", "to-read": "wantToRead"]
        let stopped = ["did-not-finish", "dnf", "dropped", "abandoned", "gave-up", "given-up", "unfinished"]
        let paused = ["paused", "on-hold", "on-pause", "paused-reading", "hiatus"]
        func column(_ name: String) -> String { (reader[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        while reader.next() != nil {
            expected.rows += 1
            guard !column("Title").isEmpty else {
                expected.untitled += 1
                continue
            }
            let key = column("Title").lowercased() + "|" + column("Author")
            let shelf = column("Exclusive Shelf").lowercased()
            let status =
                builtIn[shelf]
                ?? (stopped.contains(shelf)
                    ? "didNotFinish"
                    : paused.contains(shelf)
                        ? "onHold"
                        : column("Date Read").isEmpty ? "wantToRead" : "read")
            // A second row of the same book moves it on from want-to-read, nothing else.
            if expected.status[key] == nil || expected.status[key] == "wantToRead" { expected.status[key] = status }
            if Int(column("My Rating")) ?? 0 > 0 { expected.rated.insert(key) }
            let shelves = column("Bookshelves").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty && builtIn[$0] == nil && $0 != shelf }
            if !shelves.isEmpty
                || (builtIn[shelf] == nil && !stopped.contains(shelf) && !paused.contains(shelf) && !shelf.isEmpty)
            {
                expected.tagged.insert(key)
            }
            expected.notes += (column("My Review").isEmpty ? 0 : 1) + (column("Private Notes").isEmpty ? 0 : 1)
            // Goodreads' Read Count includes a read in progress: N on the currently-reading shelf is N − 1 finished.
            let count =
                Int(column("Read Count")).map { shelf == "currently-reading" ? max(0, $0 - 1) : $0 } ?? (status == "read" ? 1 : 0)
            expected.readCounts[key] = max(expected.readCounts[key] ?? 0, count)
            if status == "read", !column("Date Read").isEmpty { expected.readDates[key, default: []].insert(column("Date Read")) }
        }
        // Rows of one book read on two or more dates: each date is a read, so the read count is at
        // least their number. (One date alone keeps the file's Read Count, 0 included.)
        for (key, dates) in expected.readDates where expected.status[key] == "read" && dates.count > 1 {
            expected.readCounts[key] = max(expected.readCounts[key] ?? 0, dates.count)
        }
        return expected
    }

    @Test(
        "Goodreads: no failed rows, and statuses, ratings, tags, notes and read counts equal the file's",
        .enabled(if: !goodreads.isEmpty), arguments: goodreads)
    func goodreadsFile(_ name: String) async throws {
        let url = SharedFixtures.directory!.appendingPathComponent(name)
        let expected = try Self.expectedGoodreads(url.path)
        try await withDogear { app in
            let token = try await app.signUp()
            let job = try await app.importFile(token, try Data(contentsOf: url), fileName: url.lastPathComponent)
            #expect(job.status == "done")
            #expect(job.failed == expected.untitled, "\(job.errors.prefix(3))")
            #expect(job.created == expected.books)
            #expect(job.created + job.merged + job.unchanged == expected.rows - expected.untitled)
            let user = try await app.userID(token)
            func count(_ where: String) async throws -> Int {
                try await app.count("SELECT COUNT(*) AS n FROM library_entries WHERE user_id = ? AND \(`where`)", [user])
            }
            for status in ["read", "reading", "wantToRead", "didNotFinish", "onHold"] {
                #expect(try await count("status = '\(status)'") == expected.count(status), "\(status)")
            }
            #expect(try await count("rating IS NOT NULL") == expected.rated.count)
            #expect(try await count("id IN (SELECT entry_id FROM entry_tags)") == expected.tagged.count)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM notes WHERE user_id = ?", [user]) == expected.notes)
            let readCounts = try await app.count(
                "SELECT CAST(COALESCE(SUM(read_count), 0) AS BIGINT) AS n FROM library_entries WHERE user_id = ?", [user])
            #expect(readCounts == expected.readCounts.values.reduce(0, +))
            let dated =
                try await count("status = 'read' AND date_finished IS NOT NULL")
                + app.count(
                    """
                    SELECT COUNT(*) AS n FROM read_throughs rt JOIN library_entries e ON e.id = rt.entry_id
                    WHERE e.user_id = ? AND e.status = 'read' AND rt.outcome = 'read' AND rt.finished_on IS NOT NULL
                    """, [user])
            #expect(dated == expected.datedReads, "every read date of every row is a read")
            // "Books read", as home counts them (`HomeStatsQuery`): read now, or finished before.
            let booksRead = expected.status.filter { $0.value == "read" || (expected.readCounts[$0.key] ?? 0) > 0 }.count
            #expect(try await count("(status = 'read' OR read_count > 0)") == booksRead)
        }
    }

    @Test(
        "StoryGraph: no failed rows, statuses and star ratings equal the file's", .enabled(if: !storyGraph.isEmpty),
        arguments: storyGraph)
    func storyGraphFile(_ name: String) async throws {
        let url = SharedFixtures.directory!.appendingPathComponent(name)
        let reader = try CSVReader(stream: InputStream(url: url)!, hasHeaderRow: true)
        var rows = 0
        var rated = 0
        var statuses: [String: Int] = [:]
        let names = [
            "read": "read", "to-read": "wantToRead", "currently-reading": "reading", "did-not-finish": "didNotFinish",
            "paused": "onHold",
        ]
        while reader.next() != nil {
            rows += 1
            statuses[names[(reader["Read Status"] ?? "").trimmingCharacters(in: .whitespaces)] ?? "wantToRead", default: 0] += 1
            if !(reader["Star Rating"] ?? "").trimmingCharacters(in: .whitespaces).isEmpty { rated += 1 }
        }
        try await withDogear { app in
            let token = try await app.signUp()
            let job = try await app.importFile(token, try Data(contentsOf: url), fileName: url.lastPathComponent)
            #expect(job.failed == 0, "\(job.errors.prefix(3))")
            #expect(job.created == rows)
            let user = try await app.userID(token)
            for (status, expected) in statuses {
                #expect(
                    try await app.count(
                        "SELECT COUNT(*) AS n FROM library_entries WHERE user_id = ? AND status = '\(status)'", [user])
                        == expected, "\(status)")
            }
            #expect(
                try await app.count(
                    "SELECT COUNT(*) AS n FROM library_entries WHERE user_id = ? AND precise_rating IS NOT NULL", [user]) == rated
            )
        }
    }

    @Test(
        "LibraryThing (CSV, TSV, JSON): no failed rows, one entry per book", .enabled(if: !libraryThing.isEmpty),
        arguments: libraryThing)
    func libraryThingFile(_ name: String) async throws {
        let url = SharedFixtures.directory!.appendingPathComponent(name)
        let data = try Data(contentsOf: url)
        var books = 0
        if name.hasSuffix(".json") {
            books = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?.count ?? 0
        } else {
            // Lines that start with a book id, the header aside (no field in these files spans lines).
            books =
                String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).dropFirst()
                .filter { $0.first?.isNumber == true }.count
        }
        try await withDogear { app in
            let token = try await app.signUp()
            let job = try await app.importFile(token, data, fileName: url.lastPathComponent)
            #expect(job.format == "libraryThing")
            #expect(job.failed == 0, "\(job.errors.prefix(3))")
            #expect(job.processed == books)
            let user = try await app.userID(token)
            let entries = try await app.count("SELECT COUNT(*) AS n FROM library_entries WHERE user_id = ?", [user])
            #expect(entries == job.created)
            #expect(entries + job.merged + job.unchanged == books)
            if name.hasSuffix(".tsv") { #expect(job.fileWarnings.count == 1) }
        }
    }

    @Test(
        "the Goodreads and StoryGraph exports of one reader (bsanser) merge: books in both are one entry",
        .enabled(if: goodreads.contains("goodreads/bsanser-358rows-pairs-with-storygraph.csv")))
    func pair() async throws {
        let directory = SharedFixtures.directory!
        let goodreads = directory.appendingPathComponent("goodreads/bsanser-358rows-pairs-with-storygraph.csv")
        let storyGraph = directory.appendingPathComponent("storygraph/bsanser-193rows-crlf.csv")
        // Books in both files, by ISBN-13, counted from the files.
        let grReader = try CSVReader(stream: InputStream(url: goodreads)!, hasHeaderRow: true)
        var grISBNs = Set<String>()
        while grReader.next() != nil {
            grISBNs.insert((grReader["ISBN13"] ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "=\"")))
        }
        let sgReader = try CSVReader(stream: InputStream(url: storyGraph)!, hasHeaderRow: true)
        var shared = 0
        var sgRows = 0
        while sgReader.next() != nil {
            sgRows += 1
            if grISBNs.contains(sgReader["ISBN/UID"] ?? "-") { shared += 1 }
        }
        try await withDogear { app in
            let token = try await app.signUp()
            let first = try await app.importFile(token, try Data(contentsOf: goodreads), fileName: "goodreads.csv")
            let second = try await app.importFile(token, try Data(contentsOf: storyGraph), fileName: "storygraph.csv")
            #expect(second.failed == 0)
            // Every shared book found its Goodreads entry (more may match by title and author); the
            // two fixtures do share books, so the bound says something.
            #expect(shared > 0)
            #expect(second.merged + second.unchanged >= shared)
            #expect(second.created <= sgRows - shared)
            let entries = try await app.count("SELECT COUNT(*) AS n FROM library_entries")
            #expect(entries == first.created + second.created)
            let again = try await app.importFile(token, try Data(contentsOf: storyGraph), fileName: "storygraph.csv")
            #expect(again.created == 0 && again.merged == 0)
        }
    }
}
