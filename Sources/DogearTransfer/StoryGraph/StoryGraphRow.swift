import DogearCore
import Foundation

/// One StoryGraph export row (23 columns, or fewer when a spreadsheet re-saved the file).
enum StoryGraphRow {
    static let mapped: Set<String> = [
        "Title", "Authors", "Contributors", "ISBN/UID", "Format", "Read Status", "Date Added", "Last Date Read",
        "Dates Read", "Read Count", "Star Rating", "Review", "Content Warnings", "Tags", "Owned?",
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
        var authors: [String] = []
        for name in list("Authors") where !authors.contains(name) { authors.append(name) }

        // Contributors: "Name (Role)"; the first translator fills the book's field, and every
        // contributor with a role is kept as written (the catalog may already name a translator);
        // names without a role are co-authors.
        var otherRoles: [String] = []
        for contributor in list("Contributors") {
            if let open = contributor.lastIndex(of: "("), contributor.hasSuffix(")") {
                let name = contributor[..<open].trimmed
                let role = contributor[contributor.index(after: open)..<contributor.index(before: contributor.endIndex)]
                if role.lowercased() == "translator", row.book.translator == nil { row.book.translator = name }
                otherRoles.append(contributor)
            } else if !authors.contains(contributor) {
                authors.append(contributor)
            }
        }
        if !otherRoles.isEmpty { row.kept["Contributors"] = otherRoles.joined(separator: ", ") }
        row.book.authors = Array(authors.prefix(Limits.authorsPerWork))

        if let raw = value("ISBN/UID") {
            if raw.contains("E+") || raw.contains("e+") {
                row.warnings.append("ISBN/UID '\(raw)' was turned into a number by a spreadsheet; it is not kept")
            } else if let isbn = try? ISBN(raw) {
                row.book.isbn = isbn.typed
            } else {
                // StoryGraph's own ids for books without an ISBN.
                row.kept["ISBN/UID"] = raw
            }
        }
        row.book.format = value("Format").flatMap(format)

        let status = value("Read Status").flatMap(ReadingStatus.parse(spelling:))
        row.sourceStatus = value("Read Status")
        row.entry.status = (status?.status ?? .wantToRead).rawValue
        if status?.onWishlist == true { row.entry.onWishlist = true }
        if let raw = value("Read Status"), status == nil {
            row.warnings.append("read status '\(raw)' is unknown; the book is added as want to read")
            row.kept["Read Status"] = raw
        }
        row.dateAdded = value("Date Added").flatMap(date)

        // Dates Read: "2023/05/23-2023/06/07, 2024/01/02": the latest read-through is the entry's,
        // earlier ones become history.
        let reads = list("Dates Read").compactMap { range -> PastReadThrough? in
            let parts = range.split(separator: "-", maxSplits: 1).map(String.init)
            let started = parts.count == 2 ? date(parts[0]) : nil
            let finished = date(parts.last ?? "")
            guard started != nil || finished != nil else { return nil }
            return PastReadThrough(started: started, finished: finished, outcome: .read)
        }.sorted { ($0.finished ?? $0.started ?? .init(dayNumber: 0)) < ($1.finished ?? $1.started ?? .init(dayNumber: 0)) }
        // A book read again, or being read again, has its earlier reads as history only.
        let finishedNow = [ReadingStatus.read, .didNotFinish].contains(status?.status ?? .wantToRead)
        if finishedNow, let latest = reads.last {
            row.entry.dateStarted = latest.started?.description
            row.entry.dateFinished = latest.finished?.description
            row.pastReads = Array(reads.dropLast())
        } else if finishedNow, let last = value("Last Date Read").flatMap(date) {
            row.entry.dateFinished = last.description
        } else {
            row.pastReads = reads
        }
        row.readCount = value("Read Count").flatMap(Int.init)

        row.setStars(value("Star Rating"), word: "star rating")
        if let review = value("Review") { row.notes.append(ImportedNote(content: HTMLText.plain(review))) }
        row.book.contentWarnings = list("Content Warnings")
        row.entry.tags = Array(list("Tags").filter { $0.count <= Limits.tagLength.upperBound }.prefix(Limits.tagsPerEntry))
        if let owned = value("Owned?")?.lowercased() { row.entry.owned = owned == "yes" }

        for (name, raw) in fields where !mapped.contains(name) && row.kept[name] == nil {
            let text = raw.trimmed
            if !text.isEmpty { row.kept[name] = text }
        }
        return .success(row)
    }

    /// `yyyy/MM/dd`, or `M/d/yyyy` when a spreadsheet rewrote the dates.
    static func date(_ raw: String) -> LocalDate? {
        let text = raw.trimmed
        if let date = LocalDate(text.replacingOccurrences(of: "/", with: "-")) { return date }
        let parts = text.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 3, parts[2] > 999 else { return nil }
        return LocalDate(year: parts[2], month: parts[0], day: parts[1])
    }

    static func format(_ raw: String) -> String? {
        switch raw.lowercased() {
        case "paperback": return EditionFormat.paperback.rawValue
        case "hardcover": return EditionFormat.hardcover.rawValue
        case "digital", "ebook": return EditionFormat.ebook.rawValue
        case "audio", "audiobook": return EditionFormat.audiobook.rawValue
        default: return nil
        }
    }
}
