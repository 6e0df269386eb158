import CSV
import DogearCore
import DogearTestSupport
import Foundation
import Testing

@testable import DogearTransfer

@Suite("StoryGraph exports")
struct StoryGraphImportTests {
    static let directory = SharedFixtures.directory?.appendingPathComponent("storygraph")

    /// Counted straight from the file's columns, independently of the importer.
    static func column(_ path: String, _ name: String) throws -> [String] {
        let reader = try CSVReader(stream: InputStream(fileAtPath: path)!, hasHeaderRow: true)
        var values: [String] = []
        while reader.next() != nil { values.append((reader[name] ?? "").trimmingCharacters(in: .whitespaces)) }
        return values
    }

    @Test(
        "real exports (CRLF, no trailing newline, contributors with roles, quarter stars) read with no failed rows",
        .enabled(if: directory != nil),
        arguments: ["bsanser-193rows-crlf.csv", "bookwyrm-2rows-test-fixture.csv"])
    func file(_ name: String) throws {
        let path = Self.directory!.appendingPathComponent(name).path
        let reader = try ExportReader(path: path)
        #expect(reader.format == .storyGraph)
        let (rows, errors) = readAll(reader)
        let statuses = try Self.column(path, "Read Status")
        #expect(errors.isEmpty)
        #expect(rows.count == statuses.count)
        for (status, expected) in [
            ("read", ReadingStatus.read), ("to-read", .wantToRead), ("did-not-finish", .didNotFinish),
            ("currently-reading", .reading),
        ] {
            #expect(
                rows.filter { $0.entry.status == expected.rawValue }.count == statuses.filter { $0 == status }.count, "\(status)")
        }
        let stars = try Self.column(path, "Star Rating")
        #expect(rows.filter { $0.entry.preciseRating != nil }.count == stars.filter { !$0.isEmpty }.count)
        let counts = try Self.column(path, "Read Count").compactMap { Int($0) }
        #expect(rows.compactMap(\.readCount).reduce(0, +) == counts.reduce(0, +))
        let owned = try Self.column(path, "Owned?")
        #expect(rows.filter { $0.entry.owned == true }.count == owned.filter { $0 == "Yes" }.count)
        for row in rows {
            #expect(throws: Never.self, "line \(row.line)") { try row.book.validated(source: .import) }
            #expect(throws: Never.self, "line \(row.line)") { try row.entry.validated() }
        }
        if name.hasPrefix("bsanser") {
            #expect(rows.contains { $0.book.translator == "Marina Bornas Montaña" })
            #expect(rows.contains { $0.kept["Contributors"] == "Shvorne Marks (Narrator)" })
            #expect(rows.contains { $0.entry.preciseRating == 3.75 })
        }
    }

    @Test(
        "a spreadsheet-mangled export: scientific ISBNs dropped with a warning, M/D/YYYY dates read",
        .enabled(if: directory != nil))
    func mangled() throws {
        let path = Self.directory!.appendingPathComponent("dblake26-299rows-excel-mangled.csv").path
        let (rows, errors) = readAll(try ExportReader(path: path))
        #expect(errors.isEmpty)
        #expect(rows.count == 299)
        #expect(rows.allSatisfy { $0.book.isbn == nil })
        let uids = try Self.column(path, "ISBN/UID")
        #expect(rows.filter { !$0.warnings.isEmpty }.count == uids.filter { $0.contains("E+") }.count)
        // the other ids (Amazon ASINs here) are kept, not dropped
        #expect(rows.filter { $0.kept["ISBN/UID"] != nil }.count == uids.filter { !$0.isEmpty && !$0.contains("E+") }.count)
        #expect(rows.first?.dateAdded == LocalDate("2022-10-12"))
        #expect(rows.first?.entry.dateFinished == "2022-10-13")
    }

    @Test("several read-throughs: the latest is the entry's, earlier ones history")
    func rereads() throws {
        let text = """
            Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Star Rating,Review,Tags,Owned?
            Piranesi,Susanna Clarke,,9781635575637,hardcover,read,2021/01/01,2024/03/01,"2021/02/01-2021/02/20, 2024/02/10-2024/03/01",2,4.25,<p>Again &amp; again</p>,"fantasy, comfort",Yes
            """
        let (rows, errors) = readAll(try ExportReader(string: text))
        #expect(errors.isEmpty)
        let row = try #require(rows.first)
        #expect(row.entry.dateStarted == "2024-02-10")
        #expect(row.entry.dateFinished == "2024-03-01")
        #expect(
            row.pastReads == [
                PastReadThrough(started: LocalDate("2021-02-01"), finished: LocalDate("2021-02-20"), outcome: .read)
            ])
        #expect(row.readCount == 2)
        #expect(row.entry.preciseRating == 4.25)
        #expect(row.entry.rating == 4)
        #expect(row.notes == ["Again & again"])
        #expect(row.entry.tags == ["fantasy", "comfort"])
        #expect(row.entry.owned == true)
        #expect(row.book.format == "hardcover")
    }
}
