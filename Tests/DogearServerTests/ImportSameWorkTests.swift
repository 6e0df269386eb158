import CSV
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Two rows of one work (a hardcover read in 2014, the Kindle edition read again in 2018) are one
/// entry that keeps both reads: the later is the entry's, the earlier a past read-through, and the
/// read count follows. Statistics by year stand on this.
@Suite("Import: rows of one work read on two dates")
struct ImportSameWorkTests {
    static func file(_ rows: [String]) -> Data {
        Data(([ImportTests.header] + rows).joined(separator: "\n").utf8 + Data("\n".utf8))
    }

    static let hardcover2014 =
        #"1,Piranesi,Susanna Clarke,,,"=""1635575632""","=""9781635575637""",4,,Bloomsbury,Hardcover,272,2020,2020,2014/03/01,2014/01/01,,,read,,,,1,1"#
    static let kindle2018 =
        #"2,Piranesi,Susanna Clarke,,,,,5,,Bloomsbury,Kindle Edition,245,2020,2020,2018/06/01,2018/05/01,,,read,,,,1,0"#

    @Test(
        "either order: read on 2018-06-01 (the entry), 2014-03-01 kept as a past read, read twice; again changes nothing",
        arguments: [[hardcover2014, kindle2018], [kindle2018, hardcover2014]])
    func twoReads(_ rows: [String]) async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let job = try await app.importFile(token, Self.file(rows))
            #expect([job.created, job.merged, job.failed] as [Int] == [1, 1, 0])
            let page = try await app.send(.GET, "/api/v1/library", token: token).decode(Page<EntryDTO>.self)
            let entry = try #require(page.items.first)
            #expect(page.items.count == 1)
            let full = try await app.send(.GET, "/api/v1/library/\(entry.id)", token: token).entry
            #expect(full.dateFinished == "2018-06-01")
            #expect(full.readThroughs.map { $0.finishedOn } == ["2014-03-01"])
            #expect(full.readCount == 2)
            let again = try await app.importFile(token, Self.file(rows), fileName: "again.csv")
            #expect([again.created, again.merged, again.unchanged] as [Int] == [0, 0, 2])
            let after = try await app.send(.GET, "/api/v1/library/\(entry.id)", token: token).entry
            #expect(after.readThroughs.count == 1 && after.readCount == 2)
        }
    }
}

@Suite("Import: every edition the reader has")
struct ImportEditionsTests {
    static let hardcover =
        #"10,Void Star,Zachary Mason,,,"=""0374285063""","=""9780374285067""",2,,FSG,Hardcover,400,2017,2017,2017/07/01,2017/05/01,,,read,,,,1,1"#
    static let kindleNoISBN =
        #"11,Void Star,Zachary Mason,,,"=""""","=""""",0,,FSG,Kindle Edition,390,2017,2017,2017/07/01,2017/05/02,,,read,,,,0,0"#
    static let paperback =
        #"12,Void Star,Zachary Mason,,,"=""""","=""9780374537692""",4,,FSG,Paperback,400,2018,2017,2019/02/03,2019/01/01,,,read,,,,1,1"#

    @Test(
        "a hardcover, a Kindle edition without ISBN and a paperback of one book: one entry, its own edition and two others with their ratings and dates; again changes nothing"
    )
    func threeEditions() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let file = ImportSameWorkTests.file([Self.hardcover, Self.kindleNoISBN, Self.paperback])
            let job = try await app.importFile(token, file)
            #expect([job.created, job.merged, job.failed] as [Int] == [1, 2, 0])
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 1)
            let others = try await app.db.sql.raw(
                """
                SELECT ed.format AS format, ed.isbn13 AS isbn, ee.rating AS rating, ee.date_read AS date_read, ee.source_id AS source
                FROM entry_editions ee JOIN editions ed ON ed.id = ee.edition_id ORDER BY ee.source_id
                """
            ).all()
            let seen = try others.map {
                [
                    try $0.decode(column: "format", as: String?.self) ?? "-",
                    try $0.decode(column: "isbn", as: String?.self) ?? "-",
                    try $0.decode(column: "rating", as: Int?.self).map(String.init) ?? "-",
                    try $0.decode(column: "date_read", as: String?.self) ?? "-",
                    try $0.decode(column: "source", as: String?.self) ?? "-",
                ]
            }
            #expect(seen == [["ebook", "-", "-", "2017-07-01", "11"], ["paperback", "9780374537692", "4", "2019-02-03", "12"]])
            let entry = try await app.send(.GET, "/api/v1/library", token: token).decode(Page<EntryDTO>.self).items[0]
            #expect(entry.rating == 2 && entry.edition?.isbn13 == "9780374285067")
            // The API shows them, each with the rating and date its row gave.
            let shown = try await app.send(.GET, "/api/v1/library/\(entry.id)", token: token).entry.otherEditions
            #expect(
                shown.map { "\($0.edition.format ?? "-") \($0.rating.map(String.init) ?? "-") \($0.dateRead ?? "-")" } == [
                    "ebook - 2017-07-01", "paperback 4 2019-02-03",
                ])
            let editions = try await app.count("SELECT COUNT(*) AS n FROM editions")
            let again = try await app.importFile(token, file, fileName: "again.csv")
            #expect([again.created, again.merged, again.unchanged] as [Int] == [0, 0, 3])
            #expect(try await app.count("SELECT COUNT(*) AS n FROM entry_editions") == 2)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM editions") == editions)
        }
    }
}

extension ImportEditionsTests {
    /// (Book Id, ISBN13, Binding, My Rating, Date Read) of each row of a Goodreads export.
    static func goodreadsRows(_ text: String) throws -> [[String]] {
        let reader = try CSVReader(string: text, hasHeaderRow: true)
        var rows: [[String]] = []
        while reader.next() != nil {
            rows.append(
                ["Book Id", "ISBN13", "Binding", "My Rating", "Date Read"].map { column in
                    (reader[column] ?? "").replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "\"", with: "")
                })
        }
        return rows.sorted { $0[0] < $1[0] }
    }

    @Test("Goodreads → Dogear → Goodreads gives back a row per edition, and importing that makes the same entry")
    func roundTrip() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            _ = try await app.importFile(ann, ImportSameWorkTests.file([Self.hardcover, Self.kindleNoISBN, Self.paperback]))
            let export = try await app.send(.GET, "/api/v1/export?format=goodreads", token: ann)
            #expect(export.status == .ok)
            let rows = try Self.goodreadsRows(export.body)
            try #require(rows.map { $0[0] } == ["10", "11", "12"])
            // The edition's format, as Dogear names it (Goodreads reads "ebook" back as an ebook).
            #expect(rows[1] == ["11", "", "ebook", "0", "2017/07/01"])
            #expect(rows[2] == ["12", "9780374537692", "Paperback", "4", "2019/02/03"])
            #expect(rows[0][1] == "9780374285067" && rows[0][2] == "Hardcover" && rows[0][3] == "2")

            let bob = try await app.signUp("bob@example.com")
            let job = try await app.importFile(bob, Data(export.body.utf8), fileName: "from-dogear.csv")
            #expect([job.created, job.merged, job.failed] as [Int] == [1, 2, 0])
            let again = try Self.goodreadsRows(try await app.send(.GET, "/api/v1/export?format=goodreads", token: bob).body)
            #expect(again == rows)
        }
    }
}

extension ImportEditionsTests {
    @Test("a JSON backup carries the other editions and restores them: its export into another account is the same file")
    func backupRoundTrip() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            _ = try await app.importFile(ann, ImportSameWorkTests.file([Self.hardcover, Self.kindleNoISBN, Self.paperback]))
            let backup = try await app.send(.GET, "/api/v1/export?format=json", token: ann).body
            #expect(backup.contains("\"otherEditions\""))
            let bob = try await app.signUp("bob@example.com")
            let job = try await app.importFile(bob, Data(backup.utf8), fileName: "backup.json")
            #expect(job.status == "done" && job.created == 1 && job.failed == 0)
            let restored = try await app.send(.GET, "/api/v1/export?format=json", token: bob).body
            func entries(_ text: String) -> Substring { text[text.range(of: "\"entries\"")!.lowerBound...] }
            #expect(entries(restored) == entries(backup))
            let again = try await app.importFile(bob, Data(backup.utf8), fileName: "backup.json")
            #expect(again.created == 0 && again.merged == 0)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM entry_editions") == 4)
        }
    }

    @Test("the book page lists the reader's other editions with the rating and date each was given")
    func bookPage() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let user = try #require(try await User.query(on: app.db).first())
            let path = NSTemporaryDirectory() + "editions-\(UUID().uuidString).csv"
            try ImportSameWorkTests.file([Self.hardcover, Self.kindleNoISBN, Self.paperback]).write(
                to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let runner = ImportRunner(db: app.db, logger: app.logger, now: app.clock.now)
            let job = try await runner.createJob(userID: try user.requireID(), filePath: path, fileName: nil, dryRun: false)
            #expect(try await runner.run(try job.requireID()).status == .done)
            let entry = try #require(try await LibraryEntry.query(on: app.db).first())
            let page = try await web.get("/books/\(try entry.requireID())")
            #expect(page.status == .ok)
            #expect(page.body.contains("Your other editions"))
            #expect(page.body.contains("Ebook · read 2017-07-01"))
            #expect(page.body.contains("Paperback · ISBN 9780374537692 · rated 4 · read 2019-02-03"))
        }
    }
}

@Suite("Import: the planner's statistics")
struct ImportStatisticsTests {
    @Test("after an import of 300 rows the database's planner knows the reader's entries are there")
    func refreshed() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            var rows: [String] = []
            for index in 1...300 {
                rows.append("\(index),Stat Book \(index),Author \(index),,,,,0,,,,,,,,2024/01/01,,,to-read,,,,,0")
            }
            let job = try await app.importFile(token, ImportSameWorkTests.file(rows))
            #expect(job.created == 300)
            let known: Int
            switch app.db.sql.kind {
            case .postgres:
                // This test's own table (each test has a schema of its own on PostgreSQL).
                known = try await app.count(
                    "SELECT CAST(reltuples AS BIGINT) AS n FROM pg_class WHERE oid = 'library_entries'::regclass")
            case .sqlite:
                let stat = try await app.db.sql.raw(
                    // The library's own index (a partial index counts only its own rows).
                    "SELECT stat FROM sqlite_stat1 WHERE tbl = 'library_entries' AND idx = 'idx_entries_user_added'"
                ).first()
                known = try Int(stat?.decode(column: "stat", as: String.self).split(separator: " ").first ?? "0") ?? 0
            }
            #expect(known >= 300, "the planner believes the reader has \(known) entries")
        }
    }
}
