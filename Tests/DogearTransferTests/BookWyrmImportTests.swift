import DogearCore
import Foundation
import Testing

@testable import DogearTransfer

@Suite("BookWyrm exports")
struct BookWyrmImportTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/bookwyrm")

    static func rows(_ name: String) throws -> [ImportedRow] {
        let reader = try ExportReader(path: directory.appendingPathComponent(name).path)
        #expect(reader.format == .bookWyrm)
        let (rows, errors) = readAll(reader)
        #expect(errors.isEmpty)
        for row in rows {
            #expect(throws: Never.self, "line \(row.line)") { try row.book.validated(source: .import) }
            #expect(throws: Never.self, "line \(row.line)") { try row.entry.validated() }
        }
        return rows
    }

    @Test("the June 2024 file: a series out of the title, 0 as no rating, a custom shelf as a tag with its review")
    func june() throws {
        let rows = try Self.rows("bookwyrm-3rows-2024-06.csv")
        #expect(rows.map(\.line) == [2, 3, 4])
        let gideon = rows[0]
        #expect(gideon.book.title == "Gideon the Ninth")
        #expect(gideon.book.series == "The Locked Tomb")
        #expect(gideon.book.seriesNumber == 1)
        #expect(gideon.book.authors == ["Tamsyn Muir"])
        #expect(gideon.book.isbn == "9781250313195")
        #expect(gideon.entry.status == ReadingStatus.read.rawValue)
        #expect(gideon.entry.dateStarted == "2020-10-21")
        #expect(gideon.entry.dateFinished == "2020-10-25")
        #expect(gideon.entry.rating == 3)
        #expect(gideon.dateAdded == LocalDate("2020-10-21"))
        #expect(gideon.kept["remote_id"] == "https://example.com/book2")

        let subcutanean = rows[1]
        #expect(subcutanean.entry.rating == nil)
        #expect(subcutanean.entry.preciseRating == nil)
        #expect(subcutanean.book.isbn == nil)

        let patisserie = rows[2]
        #expect(patisserie.book.authors == ["Mélanie Dupuis"])
        #expect(patisserie.entry.tags == ["Cooking"])
        #expect(patisserie.shelves == ["Cooking"])
        // Started and neither finished nor stopped: a read-through still open.
        #expect(patisserie.entry.status == ReadingStatus.reading.rawValue)
        #expect(patisserie.entry.dateStarted == "2019-07-08")
        #expect(patisserie.notes.map(\.content) == ["mixed feelings"])
        #expect(patisserie.sourceStatus == "cooking")
    }

    @Test("the August 2024 file: want to read, a titled review, Open Library keys kept as identifiers")
    func august() throws {
        let rows = try Self.rows("bookwyrm-3rows-2024-08.csv")
        #expect(rows.count == 3)
        #expect(rows[0].book.title == "我穿我自己")
        #expect(rows[0].entry.status == ReadingStatus.wantToRead.rawValue)
        #expect(rows[0].entry.dateStarted == nil)
        let ottolenghi = rows[1]
        #expect(ottolenghi.entry.status == ReadingStatus.read.rawValue)
        #expect(ottolenghi.entry.tags == ["Cooking"])
        #expect(ottolenghi.entry.rating == 4)
        #expect(ottolenghi.notes.map(\.content) == ["Too much tahini\n\n...in his hummus"])
        #expect(ottolenghi.book.externalIds == ["openLibraryEdition": ["OL43065148M"]])
        #expect(rows[2].kept["oclc_number"] == "41754476")
        #expect(rows[2].entry.rating == 5)
    }

    @Test("stopped-reading is did not finish on its stop date; half stars and BookWyrm's decimals kept")
    func statusesAndRatings() throws {
        let header = "title,author_text,remote_id,start_date,finish_date,stopped_date,rating,shelf,shelf_name,shelf_date\n"
        let reader = try ExportReader(
            string: header
                + "A,B,https://x/1,2024-01-02,,2024-02-03 00:00:00+00:00,3.50,stopped-reading,Stopped Reading,2024-01-01\n"
                + "C,D,https://x/2,,,,9,read,Read,\n"
                + "\"E (Saga, #2)\",F,https://x/3,,,,,to-read,To Read,\n")
        #expect(reader.format == .bookWyrm)
        let (rows, errors) = readAll(reader)
        #expect(errors.isEmpty)
        #expect(rows[0].entry.status == ReadingStatus.didNotFinish.rawValue)
        #expect(rows[0].entry.dateStarted == "2024-01-02")
        #expect(rows[0].entry.dateFinished == "2024-02-03")
        #expect(rows[0].entry.preciseRating == 3.5)
        #expect(rows[1].entry.rating == nil)
        #expect(rows[1].warnings == ["rating '9' is not 0.25–5; it is not kept"])
        #expect(rows[2].book.title == "E")
        #expect(rows[2].book.series == "Saga")
    }
}
