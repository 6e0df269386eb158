import DogearCore
import Foundation
import Testing

@testable import DogearTransfer

@Suite("Hardcover exports")
struct HardcoverImportTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/hardcover/hardcover-by-hand-from-importer-columns.csv")

    @Test("statuses, dates, half stars, reviews with their dates, lists without their places, ownership")
    func export() throws {
        let reader = try ExportReader(path: Self.file.path)
        #expect(reader.format == .hardcover)
        let (rows, errors) = readAll(reader)
        #expect(errors.isEmpty)
        #expect(rows.count == 5)
        for row in rows {
            #expect(throws: Never.self, "line \(row.line)") { try row.book.validated(source: .import) }
            #expect(throws: Never.self, "line \(row.line)") { try row.entry.validated() }
        }
        let piranesi = rows[0]
        #expect(piranesi.entry.status == ReadingStatus.read.rawValue)
        #expect(piranesi.entry.dateStarted == "2024-02-01")
        #expect(piranesi.entry.dateFinished == "2024-02-11")
        #expect(piranesi.entry.preciseRating == 4.5)
        #expect(piranesi.entry.rating == 5)
        #expect(piranesi.entry.tags == ["Book Club", "Favorites"])
        #expect(piranesi.shelves == ["Book Club", "Favorites"])
        #expect(piranesi.entry.owned == true)
        #expect(piranesi.dateAdded == LocalDate("2024-01-20"))
        #expect(piranesi.notes.map(\.content) == ["The house is the book.\nI miss it already."])
        #expect(piranesi.notes.first?.createdAt == Date(timeIntervalSince1970: 1_707_726_600))
        #expect(piranesi.book.externalIds == ["hardcover": ["427186"]])

        #expect(rows[1].entry.status == ReadingStatus.reading.rawValue)
        #expect(rows[1].entry.dateStarted == "2024-03-02")
        #expect(rows[1].entry.dateFinished == nil)
        #expect(rows[2].entry.status == ReadingStatus.wantToRead.rawValue)
        #expect(rows[2].entry.tags == ["To buy"])
        let jest = rows[3]
        #expect(jest.entry.status == ReadingStatus.didNotFinish.rawValue)
        #expect(jest.entry.dateFinished == "2023-07-15")
        #expect(jest.book.contentWarnings == ["Addiction", "Suicide"])
        #expect(jest.kept["Review Contains Spoilers"] == "true")
        let blank = rows[4]
        #expect(blank.entry.status == ReadingStatus.wantToRead.rawValue)
        #expect(blank.entry.rating == nil)
        #expect(blank.warnings.isEmpty)
    }

    @Test("an unknown status is want to read, said and kept; a rating past 5 is said and left out")
    func unknowns() throws {
        let reader = try ExportReader(
            string: "Title,Status,Hardcover Book ID,Rating\nA,Someday,1,7\n,Read,2,\n")
        let (rows, errors) = readAll(reader)
        #expect(rows.first?.entry.status == ReadingStatus.wantToRead.rawValue)
        #expect(rows.first?.kept["Status"] == "Someday")
        #expect(
            rows.first?.warnings == [
                "status 'Someday' is unknown; the book is added as want to read", "rating '7' is not 0.25–5; it is not kept",
            ])
        #expect(errors == [ImportRowError(line: 3, reason: "the row has no title")])
    }
}
