import DogearCore
import Foundation

/// One row of Hardcover's CSV export (Settings → Export Your Data → CSV). Read by column name:
/// no public export shows Hardcover's whole header, so the columns are those the importers that
/// read it name (Ryot's, BookHive's), and any other column is kept as it was.
enum HardcoverRow {
    static let mapped: Set<String> = [
        "Title", "Author", "Authors", "ISBN", "ISBN 10", "ISBN 13", "Status", "Lists", "Date Added", "Date Started",
        "Date Finished", "Rating", "Review", "Review Date", "Owned", "Content Warnings", "Pages", "Hardcover Book ID",
    ]

    static func map(_ fields: [String: String], line: Int) -> Result<ImportedRow, ImportRowError> {
        func value(_ name: String) -> String? {
            guard let raw = fields[name].map(SpreadsheetCell.restored)?.trimmed, !raw.isEmpty else { return nil }
            return raw
        }
        func list(_ name: String) -> [String] {
            (value(name) ?? "").split(separator: ",").map { $0.trimmed }.filter { !$0.isEmpty }
        }
        var row = ImportedRow(line: line)
        guard let title = value("Title") else { return .failure(ImportRowError(line: line, reason: "the row has no title")) }
        row.book.title = title
        row.book.authors = Array((list("Authors") + list("Author")).prefix(Limits.authorsPerWork))
        row.setISBN(from: ["ISBN 13", "ISBN 10", "ISBN"].map { ($0, value($0)) })
        // Hardcover's own id is the book's identity when the file names no ISBN and no author:
        // the same file again finds the same work by it.
        if let id = value("Hardcover Book ID"), id.count <= 64 {
            row.book.externalIds = [ExternalIDKind.hardcover.rawValue: [id]]
        }
        if let pages = value("Pages").flatMap(Int.init), pages > 0 { row.book.pageCount = pages }
        row.book.contentWarnings = list("Content Warnings")

        row.sourceStatus = value("Status")
        let status = value("Status").flatMap(ReadingStatus.parse(spelling:))?.status
        if let raw = value("Status"), status == nil {
            row.warnings.append("status '\(raw)' is unknown; the book is added as want to read")
            row.kept["Status"] = raw
        }
        row.entry.status = (status ?? .wantToRead).rawValue
        let started = value("Date Started").flatMap(ExportDates.day)
        let finished = value("Date Finished").flatMap(ExportDates.day)
        if status != nil, status != .wantToRead { row.entry.dateStarted = started?.description }
        if status == .read || status == .didNotFinish { row.entry.dateFinished = finished?.description }
        row.dateAdded = value("Date Added").flatMap(ExportDates.day)

        row.setStars(value("Rating"))
        if let review = value("Review") {
            row.notes.append(
                ImportedNote(content: HTMLText.plain(review), createdAt: value("Review Date").flatMap(ExportDates.moment)))
        }
        if let owned = value("Owned")?.lowercased() { row.entry.owned = owned == "true" || owned == "yes" }

        // Lists: "Book Club (#4), Favorites": the name without its place in the list.
        let lists = list("Lists").map { name in
            name.replacing(/\s*\(#\d+\)\s*$/, with: "")
        }.filter { !$0.isEmpty }
        row.shelves = lists
        row.entry.tags = Array(lists.filter { $0.count <= Limits.tagLength.upperBound }.prefix(Limits.tagsPerEntry))
        if lists.count != row.entry.tags?.count {
            row.warnings.append(
                "only \(Limits.tagsPerEntry) lists of at most \(Limits.tagLength.upperBound) characters are kept as tags")
        }

        for (name, raw) in fields where !mapped.contains(name) && row.kept[name] == nil {
            let text = raw.trimmed
            if !text.isEmpty { row.kept[name] = text }
        }
        return .success(row)
    }
}
