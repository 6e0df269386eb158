import CSV
import DogearCore
import DogearTestSupport
import Foundation
import Testing

@testable import DogearTransfer

@Suite("LibraryThing exports")
struct LibraryThingImportTests {
    static let directory = SharedFixtures.directory?.appendingPathComponent("librarything")

    @Test(
        "the 49-column CSV (CRLF, bracketed ISBN lists): every row, statuses from collections, ISBNs, pages",
        .enabled(if: directory != nil))
    func csv() throws {
        let path = Self.directory!.appendingPathComponent("robdmc-137rows.csv").path
        let reader = try ExportReader(path: path)
        #expect(reader.format == .libraryThing)
        let (rows, errors) = readAll(reader)
        // Counted independently from the file.
        let csv = try CSVReader(stream: InputStream(fileAtPath: path)!, hasHeaderRow: true)
        var titles = 0
        var isbns = 0
        var rated = 0
        var pages = 0
        while csv.next() != nil {
            titles += 1
            if !(csv["ISBN"] ?? "").isEmpty { isbns += 1 }
            if !(csv["Rating"] ?? "").isEmpty { rated += 1 }
            if Int((csv["Page Count"] ?? "").trimmingCharacters(in: .whitespaces)) != nil { pages += 1 }
        }
        #expect(errors.isEmpty)
        #expect(rows.count == titles)
        #expect(rows.filter { $0.book.isbn != nil }.count == isbns)
        #expect(rows.filter { $0.entry.rating != nil }.count == rated)
        #expect(rows.filter { $0.book.pageCount != nil }.count == pages)
        // Only "Your library": owned, and with no dates read, want to read.
        #expect(rows.allSatisfy { $0.entry.owned == true && $0.entry.status == "wantToRead" })
        let first = try #require(rows.first)
        #expect(first.book.authors == ["Jerry Mander"])
        #expect(first.book.publisher == "Galahad Books")
        #expect(first.book.pageCount == 128)
        #expect(first.book.format == "hardcover")
        #expect(first.book.externalIds?["libraryThing"] == ["243179"])
        #expect(first.kept["Book ID"] == "67202782")
        #expect(first.kept["Dewey Decimal"] == "700")
        #expect(first.dateAdded == LocalDate("2010-11-27"))
        for row in rows {
            #expect(throws: Never.self, "line \(row.line)") { try row.book.validated(source: .import) }
            #expect(throws: Never.self, "line \(row.line)") { try row.entry.validated() }
        }
    }

    @Test(
        "the TSV (not valid UTF-8): read with a warning, French titles, bracketed dates, tags, half stars",
        .enabled(if: directory != nil))
    func tsv() throws {
        let reader = try ExportReader(path: Self.directory!.appendingPathComponent("bookwyrm-3rows.tsv").path)
        #expect(reader.format == .libraryThing)
        #expect(reader.warnings.count == 1)
        let (rows, errors) = readAll(reader)
        #expect(errors.isEmpty)
        #expect(rows.count == 3)
        let marelle = try #require(rows.first)
        #expect(marelle.book.title == "Marelle")
        #expect(marelle.book.authors == ["Julio Cortazar"])
        #expect(marelle.entry.preciseRating == 4.5)
        #expect(marelle.entry.dateStarted == "2007-04-16")
        #expect(marelle.entry.dateFinished == "2007-05-08")
        #expect(marelle.entry.status == "read")
        #expect(marelle.entry.tags?.contains("expérimental") == true)
        #expect(marelle.notes == ["chef d'oeuvre"])
        #expect(marelle.book.language == "French")
        #expect(marelle.book.originalLanguage == "Spanish")
        #expect(marelle.book.isbn != nil)
        #expect(marelle.kept["Subjects"]?.contains("\u{FFFD}") == true)
    }

    @Test("the JSON export: every book, authors with roles, ISBN objects, subjects kept", .enabled(if: directory != nil))
    func json() throws {
        let path = Self.directory!.appendingPathComponent("mouse-reeve-221books.json")
        let reader = try ExportReader(path: path.path)
        #expect(reader.format == .libraryThing)
        let (rows, errors) = readAll(reader)
        let books = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: [String: Any]])
        #expect(errors.isEmpty)
        #expect(rows.count == books.count)
        let tagged = books.values.filter { ($0["tags"] as? [String])?.isEmpty == false }.count
        #expect(rows.filter { $0.entry.tags?.isEmpty == false }.count == tagged)
        #expect(
            rows.filter { $0.book.translator != nil }.count
                == books.values.filter { ($0["secondaryauthorroles"] as? String)?.contains("Translator") == true }.count)
        let malleus = try #require(rows.first { $0.book.title?.hasPrefix("The Malleus Maleficarum") == true })
        #expect(malleus.book.authors == ["Heinrich Kramer"])
        #expect(malleus.book.isbn.flatMap { try? ISBN($0).isbn13 } == "9780486228020")
        #expect(malleus.book.format == "paperback")
        #expect(malleus.book.externalIds?["amazonASIN"] == ["0486228029"])
        #expect(malleus.kept["Subjects"]?.contains("Witchcraft -- Early works to 1800") == true)
        #expect(malleus.kept["awards"] != nil)
        let sappho = try #require(rows.first { $0.book.authors?.first == "Sappho" })
        #expect(sappho.book.translator == "Mary Barnard")
        #expect(sappho.kept["Secondary Author Roles"] == "Dudley Fitts (Foreword)")
    }

    @Test("collections give status, ownership, wishlist and favourite; the reader's own are tags")
    func collections() throws {
        let text = """
            Book ID,Title,Primary Author,Collections,ISBNs,Date Started,Date Read,Tags,Secondary Author,Secondary Author Roles
            1,A,"Le Guin, Ursula K.",Currently reading,,[2024-01-02],,,"Pratchett, Terry|Ink, Ann",|Illustrator
            2,B,X,"Wishlist, Favorites",,,,sci-fi,,
            3,C,X,Read but unowned,[9.78053E+12],,2023-05-01,,,
            4,D,X,"Your library, Book club",,,2023-05-01,"club, Club",,
            """
        let (rows, errors) = readAll(try ExportReader(string: text))
        #expect(errors.isEmpty)
        #expect(rows.map(\.entry.status) == ["reading", "wantToRead", "read", "read"])
        #expect(rows[0].book.authors == ["Ursula K. Le Guin", "Terry Pratchett"])
        #expect(rows[0].kept["Secondary Author Roles"] == "Ann Ink (Illustrator)")
        #expect(rows[0].entry.dateStarted == "2024-01-02")
        #expect(rows[1].entry.onWishlist == true && rows[1].entry.owned == false && rows[1].entry.favorite == true)
        #expect(rows[2].entry.owned == false)
        #expect(rows[2].book.isbn == nil && rows[2].warnings.count == 1)
        #expect(rows[3].entry.owned == true)
        #expect(rows[3].entry.tags == ["Book club", "club"])
    }
}

@Suite("Text encodings")
struct ExportEncodingTests {
    static let header = "Book Id,Title,Author,Additional Authors,ISBN,ISBN13,My Rating,Exclusive Shelf,Bookshelves"

    @Test("a Latin-1 file is read as Latin-1, with a warning")
    func latin1() throws {
        var data = Data((Self.header + "\n1,Caf").utf8)
        data.append(0xE9)  // é in Latin-1
        data.append(contentsOf: Array(",Ren".utf8) + [0xE9] + Array(",,,,0,read,\n".utf8))
        let reader = try ExportReader(data: data)
        let (rows, errors) = readAll(reader)
        #expect(errors.isEmpty)
        #expect(rows.first?.book.title == "Café")
        #expect(rows.first?.book.authors == ["René"])
        #expect(reader.warnings.first?.contains("Latin-1") == true)
    }

    @Test("UTF-8 with a stray bad byte keeps the good letters and marks the bad one")
    func strayByte() throws {
        var data = Data((Self.header + "\n1,Café ").utf8)
        data.append(0xFF)
        data.append(contentsOf: Array(",Zoë,,,,0,read,\n".utf8))
        let reader = try ExportReader(data: data)
        let (rows, _) = readAll(reader)
        #expect(rows.first?.book.title == "Café \u{FFFD}")
        #expect(rows.first?.book.authors == ["Zoë"])
        #expect(reader.warnings.first?.contains("1 byte") == true)
    }

    @Test("a multi-byte letter cut by the reading chunk's edge survives repair")
    func chunkEdge() throws {
        // Fill up to one byte short of the chunk so "é" straddles it, with a bad byte later on.
        let prefix = Self.header + "\n1,"
        let filler = String(repeating: "a", count: ExportText.chunkSize - prefix.utf8.count - 1)
        var data = Data((prefix + filler + "é").utf8)
        data.append(contentsOf: Array(",X,,,,0,read,\n2,B".utf8) + [0xFF] + Array(",Y,,,,0,read,\n".utf8))
        let (rows, errors) = readAll(try ExportReader(data: data))
        #expect(errors.isEmpty)
        #expect(rows.first?.book.title?.hasSuffix("aé") == true)
        #expect(rows.last?.book.title == "B\u{FFFD}")
    }
}
