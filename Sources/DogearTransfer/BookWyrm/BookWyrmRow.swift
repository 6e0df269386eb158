import DogearCore
import Foundation

/// One row of BookWyrm's CSV export (Settings → Export Book List). Columns are read by name:
/// BookWyrm writes one per deduplication field of its editions, and newer versions add some
/// (`finna_key`, `libris_key`, …), which are kept like any column Dogear has no field for.
enum BookWyrmRow {
    static let mapped: Set<String> = [
        "title", "author_text", "openlibrary_key", "librarything_key", "goodreads_key", "asin", "isbn_10", "isbn_13",
        "start_date", "finish_date", "stopped_date", "rating", "review_name", "review_content", "review_published", "shelf",
        "shelf_name", "shelf_date", "pages",
    ]

    /// BookWyrm's four built-in shelves, by identifier; any other shelf is the reader's own.
    static let builtInShelves: [String: ReadingStatus] = [
        "to-read": .wantToRead, "reading": .reading, "read": .read, "stopped-reading": .didNotFinish,
    ]

    static func map(_ fields: [String: String], line: Int) -> Result<ImportedRow, ImportRowError> {
        func value(_ name: String) -> String? {
            guard let raw = fields[name].map(SpreadsheetCell.restored)?.trimmed, !raw.isEmpty else { return nil }
            return raw
        }
        var row = ImportedRow(line: line)
        guard let fullTitle = value("title") else {
            return .failure(ImportRowError(line: line, reason: "the row has no title"))
        }
        // BookWyrm keeps the series in the title as Goodreads wrote it when the book came from
        // there: "Gideon the Ninth (The Locked Tomb #1)" or "(The Locked Tomb, #1)".
        let (title, series, number) = splitSeries(fullTitle)
        row.book.title = title
        row.book.series = series
        row.book.seriesNumber = number
        if series != nil { row.kept["title"] = fullTitle }
        // `author_text` is every author's name joined by ", ".
        row.book.authors = Array(
            (value("author_text") ?? "").split(separator: ",").map { $0.trimmed }.filter { !$0.isEmpty }
                .prefix(Limits.authorsPerWork))

        row.setISBN(from: ["isbn_13", "isbn_10"].map { ($0, value($0)) })
        if let pages = value("pages").flatMap(Int.init), pages > 0 { row.book.pageCount = pages }
        var ids: [String: [String]] = [:]
        for (column, kind) in [
            ("openlibrary_key", ExternalIDKind.openLibraryEdition), ("goodreads_key", .goodreads),
            ("librarything_key", .libraryThing), ("asin", .amazonASIN),
        ] {
            if let id = value(column), id.count <= 64 { ids[kind.rawValue] = [id] }
        }
        if !ids.isEmpty { row.book.externalIds = ids }

        let started = value("start_date").flatMap(ExportDates.day)
        let finished = value("finish_date").flatMap(ExportDates.day)
        let stopped = value("stopped_date").flatMap(ExportDates.day)
        let shelf = value("shelf")
        row.sourceStatus = shelf
        let status: ReadingStatus
        if let shelf, let builtIn = builtInShelves[shelf.lowercased()] {
            status = builtIn
        } else {
            // A shelf of the reader's own ("cooking") says nothing of reading: the latest
            // read-through's dates do (an open one is reading), and the shelf's name becomes a
            // tag (or a list).
            status =
                finished != nil ? .read : stopped != nil ? .didNotFinish : started != nil ? .reading : .wantToRead
            if let name = value("shelf_name") ?? shelf {
                if name.count <= Limits.tagLength.upperBound {
                    row.entry.tags = [name]
                } else {
                    row.warnings.append("shelf names over \(Limits.tagLength.upperBound) characters are not kept as tags")
                }
                row.shelves = [name]
            }
        }
        row.entry.status = status.rawValue
        if status != .wantToRead { row.entry.dateStarted = started?.description }
        switch status {
        case .read: row.entry.dateFinished = finished?.description
        case .didNotFinish: row.entry.dateFinished = (stopped ?? finished)?.description
        default: break
        }
        row.dateAdded = value("shelf_date").flatMap(ExportDates.day)

        // Half stars in BookWyrm ("3.50"); 0 is "not rated".
        row.setStars(value("rating"))
        if let review = value("review_content") {
            // A review's title is part of what the reader wrote; its content warning stays kept.
            let text = [value("review_name"), HTMLText.plain(review)].compactMap { $0 }.joined(separator: "\n\n")
            let published = value("review_published").flatMap(ExportDates.moment)
            row.notes.append(ImportedNote(content: text, createdAt: published))
        }

        for (name, raw) in fields where !mapped.contains(name) && row.kept[name] == nil {
            let text = raw.trimmed
            if !text.isEmpty { row.kept[name] = text }
        }
        return .success(row)
    }

    /// "Title (Series, #3)" as Goodreads writes it, or "Title (Series #3)".
    static func splitSeries(_ full: String) -> (String, String?, Double?) {
        let goodreads = GoodreadsRow.splitSeries(full)
        if goodreads.1 != nil { return goodreads }
        guard let match = full.wholeMatch(of: /(.+?) \((.+?) #(\d+(?:\.\d+)?)\)/) else { return (full, nil, nil) }
        return (String(match.1).trimmed, String(match.2).trimmed, Double(match.3))
    }
}
