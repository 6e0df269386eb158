import DogearCore
import Foundation
import Testing

@testable import DogearTransfer

/// JSON exports are read a member at a time (`JSONMemberReader`): a file broken anywhere is refused
/// when it is counted (before a job exists), with the line; one bad book or backup entry fails
/// only its own row; nesting of any depth is an error, never a crash.
@Suite("JSON imports, streamed")
struct StreamedJSONTests {
    static func entry(_ title: String) -> BackupEntry {
        BackupEntry(book: .init(title: title, authors: ["Ann Author"]), status: "read", addedAt: Date(timeIntervalSince1970: 0))
    }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// Each row's title, or its error as "line N: reason".
    static func rows(_ reader: ExportReader) -> [String] {
        var out: [String] = []
        while let result = reader.next() {
            switch result {
            case .success(let row): out.append(row.book.title ?? "")
            case .failure(let error): out.append("line \(error.line): \(error.reason)")
            }
        }
        return out
    }

    @Test("a backup written with sorted keys (entries before format) is still a backup, profile and lists after the entries")
    func sortedBackup() throws {
        var backup = Backup(
            profile: BackupProfile(
                displayName: "Ann", photoUrl: nil, timeZone: "Europe/Paris", genrePreferences: [], onboardingDone: true),
            entries: [Self.entry("First"), Self.entry("Second")])
        backup.savedLists = [UUID(uuidString: "00000000-0000-0000-0000-000000000001")!]
        let data = try Backup.encoder.encode(backup)
        #expect(Self.text(data).hasPrefix("{\"entries\":"))
        let reader = try ExportReader(data: data)
        #expect(reader.format == .dogearBackup)
        #expect(try ExportReader(data: data).countRemaining() == 2)
        #expect(Self.rows(reader) == ["First", "Second"])
        #expect(reader.backupProfile?.displayName == "Ann")
        #expect(reader.backupSavedLists.count == 1)
    }

    @Test("a backup whose entries are not a list is refused when counted")
    func entriesNotAList() throws {
        let text = #"{"format":"dogear-backup","version":1,"entries":{"a":1}}"#
        let reader = try ExportReader(string: text)
        #expect(reader.format == .dogearBackup)
        #expect(throws: ExportReader.entriesNotAList) { try reader.countRemaining() }
    }

    @Test("a damaged backup entry fails its own line; the others are read")
    func damagedEntry() throws {
        let good = Self.text(try Backup.encoder.encode(Self.entry("Good")))
        let text = """
            {"format":"dogear-backup","version":1,"profile":null,"entries":[
            \(good),
            {"book":{"title":"No status"}},
            \(good.replacingOccurrences(of: "Good", with: "Also good"))
            ],"lists":[],"savedLists":[]}
            """
        let reader = try ExportReader(string: text)
        #expect(try ExportReader(string: text).countRemaining() == 3)
        let rows = Self.rows(reader)
        #expect(rows.count == 3)
        #expect(rows[0] == "Good" && rows[2] == "Also good")
        #expect(rows[1].hasPrefix("line 3: the backup is damaged:"))
    }

    @Test(
        "files broken in their structure are refused when counted, saying where",
        arguments: [
            (#"{"1": {"books_id": "1", "title": "A"}, "2": {"books_id": "2", "#, "the JSON ends"),
            (#"{"1": {"books_id": "1", "title": "A"},}"#, "right after a ','"),
            (#"{"1": {"books_id": "1", "title": "A"}} trailing"#, "more after the end"),
            ("{\"1\": {\"books_id\": \"1\", \"title\": \"A\"}\n\"2\": {}}", "expected ',' or '}' (line 2)"),
            (#"{"1": {"books_id": "1"}, "2" {"books_id": "2"}}"#, "expected ':'"),
        ])
    func brokenStructure(_ text: String, _ message: String) throws {
        let reader = try ExportReader(string: text)
        #expect(reader.format == .libraryThing)
        let error = #expect(throws: ImportFileError.self) { try reader.countRemaining() }
        #expect(error.map { "\($0)" }?.contains(message) == true, "\(String(describing: error))")
    }

    @Test("a book that is not an object, or not JSON, fails its own line")
    func badBook() throws {
        let text =
            #"[{"books_id": "1", "title": "A", "primaryauthor": "Ann"}, 42, {"books_id": tru}, {"books_id": "4", "title": "D", "primaryauthor": "Dee"}]"#
        #expect(try ExportReader(string: text).countRemaining() == 4)
        let rows = Self.rows(try ExportReader(string: text))
        #expect(rows.count == 4)
        #expect(rows[0] == "A" && rows[3] == "D")
        #expect(rows[1].hasPrefix("line 3: ") && rows[1].contains("should be a JSON object"))
        #expect(rows[2].hasPrefix("line 4: ") && rows[2].contains("not well formed"))
    }

    @Test("200,000 levels of nesting are an error, not a crash; a 1 MB string is just long")
    func depthAndLength() throws {
        let deep = "[" + String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000) + "]"
        // The first member (the nested list) is read to tell the format: it is no LibraryThing book.
        #expect(throws: ImportFileError.self) { try ExportReader(string: deep) }
        let wrapped = #"[{"books_id": "1", "title": "A", "primaryauthor": "Ann"}, "# + String(deep.dropFirst())
        let rows = Self.rows(try ExportReader(string: wrapped))
        #expect(rows.count == 2 && rows[1].hasPrefix("line 3: "))
        let long = String(repeating: "x", count: 1 << 20)
        let text = #"[{"books_id": "1", "title": "\#(long)", "primaryauthor": "Ann"}]"#
        #expect(Self.rows(try ExportReader(string: text)).first?.count == 1 << 20)
    }
}
