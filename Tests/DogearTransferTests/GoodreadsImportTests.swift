import CSV
import DogearCore
import DogearTestSupport
import Foundation
import Testing

@testable import DogearTransfer

/// Reads every row of a file, collecting rows and errors.
func readAll(_ reader: ExportReader) -> (rows: [ImportedRow], errors: [ImportRowError]) {
    var rows: [ImportedRow] = []
    var errors: [ImportRowError] = []
    while let result = reader.next() {
        switch result {
        case .success(let row): rows.append(row)
        case .failure(let error): errors.append(error)
        }
    }
    return (rows, errors)
}

@Suite("Goodreads exports: every real file")
struct GoodreadsFixtureTests {
    static let files: [String] = {
        guard let directory = SharedFixtures.directory?.appendingPathComponent("goodreads"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".csv") }.sorted()
    }()

    /// What the file holds, counted straight from its columns, independently of the importer.
    struct Expected {
        var rows = 0, untitled = 0, read = 0, reading = 0, toRead = 0, custom = 0
        var rated = 0, withNotes = 0, readCountSum = 0, readCountBlank = 0
    }

    static func expected(_ path: String) throws -> Expected {
        let reader = try CSVReader(stream: InputStream(fileAtPath: path)!, hasHeaderRow: true)
        var expected = Expected()
        while reader.next() != nil {
            expected.rows += 1
            if (reader["Title"] ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                expected.untitled += 1
                continue
            }
            switch reader["Exclusive Shelf"] ?? "" {
            case "read": expected.read += 1
            case "currently-reading": expected.reading += 1
            case "to-read": expected.toRead += 1
            default: expected.custom += 1
            }
            if let rating = Int(reader["My Rating"] ?? ""), rating > 0 { expected.rated += 1 }
            let review = (reader["My Review"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let privateNotes = (reader["Private Notes"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if !review.isEmpty || !privateNotes.isEmpty { expected.withNotes += 1 }
            if let count = Int(reader["Read Count"] ?? "") {
                // It includes a read in progress: N on the currently-reading shelf is N − 1 finished reads.
                expected.readCountSum += reader["Exclusive Shelf"] == "currently-reading" ? max(0, count - 1) : count
            } else {
                expected.readCountBlank += 1
            }
        }
        return expected
    }

    @Test(
        "each file reads with no failed rows, and the counts match the file", .enabled(if: !files.isEmpty),
        arguments: files)
    func file(_ name: String) throws {
        let path = SharedFixtures.directory!.appendingPathComponent("goodreads/\(name)").path
        let expected = try Self.expected(path)
        let reader = try ExportReader(path: path)
        #expect(reader.format == .goodreads)
        let (rows, errors) = readAll(reader)
        #expect(errors.count == expected.untitled, "\(errors.prefix(3))")
        #expect(rows.count == expected.rows - expected.untitled)
        func count(_ status: ReadingStatus) -> Int { rows.filter { $0.entry.status == status.rawValue }.count }
        #expect(count(.read) >= expected.read)
        #expect(count(.reading) >= expected.reading)
        #expect(count(.wantToRead) >= expected.toRead)
        #expect(rows.count == expected.read + expected.reading + expected.toRead + expected.custom)
        #expect(rows.filter { $0.entry.rating != nil }.count == expected.rated)
        #expect(rows.filter { !$0.notes.isEmpty }.count == expected.withNotes)
        #expect(rows.compactMap(\.readCount).reduce(0, +) == expected.readCountSum)
        #expect(rows.filter { $0.readCount == nil }.count == expected.readCountBlank)
        // every row validates as a book and an entry
        for row in rows {
            #expect(throws: Never.self, "line \(row.line)") { try row.book.validated(source: .import) }
            #expect(throws: Never.self, "line \(row.line)") { try row.entry.validated() }
        }
        // nothing dropped: unmapped columns are kept
        #expect(rows.contains { $0.kept["Average Rating"] != nil })
        #expect(rows.contains { $0.kept["Author l-f"] != nil })
    }
}

@Suite("Goodreads quirks, in small files")
struct GoodreadsQuirkTests {
    static let header =
        "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"

    func rows(_ body: String) throws -> (rows: [ImportedRow], errors: [ImportRowError]) {
        readAll(try ExportReader(string: Self.header + "\n" + body))
    }

    @Test("=\"…\" ISBNs, series in the title, additional authors, binding, dates, rating 0 = unrated")
    func basics() throws {
        let (rows, errors) = try rows(
            #"""
            123,"Good Omens (Discworld, #3.5)",Terry Pratchett,"Pratchett, Terry",Neil Gaiman,"=""0441172717""","=""9780441172719""",0,4.25,Ace,Mass Market Paperback,412,1990,1990,2024/02/01,2023/12/24,"fantasy, funny",,read,,,,2,1
            """#)
        #expect(errors.isEmpty)
        let row = try #require(rows.first)
        #expect(row.line == 2)
        #expect(row.book.title == "Good Omens")
        #expect(row.book.series == "Discworld")
        #expect(row.book.seriesNumber == 3.5)
        #expect(row.book.authors == ["Terry Pratchett", "Neil Gaiman"])
        #expect(try row.book.validated().isbn?.isbn13 == "9780441172719")
        #expect(row.book.format == "massMarket")
        #expect(row.book.pageCount == 412)
        #expect(row.entry.rating == nil)
        #expect(row.entry.status == "read")
        #expect(row.entry.dateFinished == "2024-02-01")
        #expect(row.dateAdded == LocalDate("2023-12-24"))
        #expect(row.entry.tags == ["fantasy", "funny"])
        #expect(row.readCount == 2)
        #expect(row.entry.owned == true)
        #expect(row.book.externalIds?["goodreads"] == ["123"])
        #expect(row.kept["Average Rating"] == "4.25")
    }

    @Test(
        "custom exclusive shelves map by meaning (the name kept); unknown ones become tags and take their status from the dates")
    func customShelves() throws {
        let (rows, _) = try rows(
            """
            1,A,X,,,,,3,,,,,,,,2024/01/01,did-not-finish,,did-not-finish,,,,,0
            2,B,X,,,,,0,,,,,,,,2024/01/01,dropped,,dropped,,,,,0
            3,C,X,,,,,0,,,,,,,,2024/01/01,paused,,paused,,,,,0
            4,D,X,,,,,0,,,,,,,2023/05/05,2024/01/01,favourites,,favourites,,,,,0
            5,E,X,,,,,0,,,,,,,,2024/01/01,kindle-queue,,kindle-queue,,,,,0
            """)
        #expect(rows.map { $0.entry.status } == ["didNotFinish", "didNotFinish", "onHold", "read", "wantToRead"])
        #expect(rows.map { $0.entry.tags ?? [] } == [[], [], [], ["favourites"], ["kindle-queue"]])
        #expect(rows.map { $0.kept["Exclusive Shelf"] } == ["did-not-finish", "dropped", "paused", nil, nil])
        #expect(rows[0].entry.owned == false)
    }

    @Test("HTML reviews become text notes; private notes too; blank read count is unknown, not zero")
    func notes() throws {
        let (rows, _) = try rows(
            #"""
            1,A,X,,,,,5,,,,,,,,,,,read,"Loved it.<br/>Would &amp; will reread <b>soon</b>",,Lent to Sam,,0
            """#)
        let row = try #require(rows.first)
        #expect(row.notes == ["Loved it.\nWould & will reread soon", "Lent to Sam"])
        #expect(row.readCount == nil)
    }

    @Test("a spreadsheet's scientific-notation ISBN is dropped with a warning, and the row still imports")
    func scientific() throws {
        let (rows, errors) = try rows(
            #"""
            1,A,X,,,9.78053E+12,9.78053E+12,0,,,,,,,,,,,to-read,,,,,0
            2,,X,,,,,0,,,,,,,,,,,to-read,,,,,0
            """#)
        #expect(rows.count == 1)
        #expect(rows[0].book.isbn == nil)
        #expect(rows[0].warnings.count == 2)
        #expect(errors == [ImportRowError(line: 3, reason: "the row has no title")])
    }

    @Test("BOM and CRLF line ends are fine")
    func bomAndCRLF() throws {
        let text = "\u{FEFF}" + Self.header + "\r\n" + "1,A,X,,,,,4,,,,,,,,,,,read,,,,1,0\r\n"
        let (rows, errors) = readAll(try ExportReader(string: text))
        #expect(errors.isEmpty)
        #expect(rows.first?.entry.rating == 4)
        #expect(rows.first?.readCount == 1)
    }

    @Test("empty, header-only and unrecognised files say so")
    func fileErrors() throws {
        #expect(throws: ImportFileError.empty) { try ExportReader(string: "") }
        let headerOnly = try ExportReader(string: Self.header + "\n")
        #expect(readAll(headerOnly).rows.isEmpty)
        let error = #expect(throws: ImportFileError.self) { try ExportReader(string: "name,email\nAnn,a@b.co\n") }
        #expect(error?.description.contains("unrecognised format") == true)
        #expect(error?.description.contains("'name'") == true)
        #expect(throws: ImportFileError.empty) { try ExportReader(string: "\u{FEFF}") }
    }

    @Test(
        "Goodreads' Read Count includes the read in progress: N while currently reading is N − 1 finished, and goes back out as N",
        arguments: [
            ("currently-reading", "1", 0), ("currently-reading", "2", 1), ("read", "2", 2), ("currently-reading", "", nil),
        ])
    func readCountInProgress(_ shelf: String, _ given: String, _ finished: Int?) throws {
        let header = GoodreadsWriter.header.joined(separator: ",")
        var cells = [String](repeating: "", count: GoodreadsWriter.header.count)
        func set(_ column: String, _ value: String) { cells[GoodreadsWriter.header.firstIndex(of: column)!] = value }
        set("Title", "Piranesi")
        set("Author", "Susanna Clarke")
        set("Exclusive Shelf", shelf)
        set("Read Count", given)
        let reader = try ExportReader(string: header + "\n" + cells.joined(separator: ",") + "\n")
        let row = try #require(try reader.next()?.get())
        #expect(row.readCount == finished)
        guard let finished else { return }
        var entry = BackupEntry(
            book: .init(title: "Piranesi", authors: ["Susanna Clarke"]), status: row.entry.status!, addedAt: Date())
        entry.readCount = finished
        let written = GoodreadsWriter.row(entry)
        #expect(written[GoodreadsWriter.header.firstIndex(of: "Read Count")!] == given)
    }
}
