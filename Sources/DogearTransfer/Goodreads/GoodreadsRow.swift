import DogearCore
import Foundation

/// One Goodreads export row (the 24-column header and the older 31-column one) to Dogear fields.
enum GoodreadsRow {
    /// Columns mapped to a field; every other column is kept as it was.
    static let mapped: Set<String> = [
        "Book Id", "Title", "Author", "Additional Authors", "ISBN", "ISBN13", "My Rating", "Publisher", "Binding",
        "Number of Pages", "Year Published", "Original Publication Year", "Date Read", "Date Added", "Bookshelves",
        "Exclusive Shelf", "My Review", "Private Notes", "Read Count", "Owned Copies", "Recommended By",
    ]

    /// Goodreads' three built-in shelves; any other exclusive shelf is the reader's own.
    static let builtInShelves: [String: ReadingStatus] = [
        "read": .read, "currently-reading": .reading, "to-read": .wantToRead,
    ]

    /// Custom exclusive shelves people make, mapped by meaning.
    static let shelfMeanings: [String: ReadingStatus] = [
        "dropped": .didNotFinish, "gave-up": .didNotFinish, "given-up": .didNotFinish, "unfinished": .didNotFinish,
        "on-pause": .onHold, "paused-reading": .onHold, "hiatus": .onHold,
    ]

    static func map(_ fields: [String: String], line: Int) -> Result<ImportedRow, ImportRowError> {
        func value(_ name: String) -> String? {
            guard let raw = fields[name].map(SpreadsheetCell.restored)?.trimmed, !raw.isEmpty else { return nil }
            return raw
        }
        var row = ImportedRow(line: line)
        guard let fullTitle = value("Title") else {
            return .failure(ImportRowError(line: line, reason: "the row has no title"))
        }
        let (title, series, number) = splitSeries(fullTitle)
        // "#1-3" or "#0.5" beyond what a number holds: the title as written is kept for export.
        if let series, fullTitle != GoodreadsWriter.seriesTitle(title, series: series, number: number) {
            row.kept["Title"] = fullTitle
        }
        row.book.title = title
        row.book.series = series
        row.book.seriesNumber = number
        var authors = value("Author").map { [$0] } ?? []
        authors += (value("Additional Authors") ?? "").split(separator: ",").map { $0.trimmed }
            .filter { !$0.isEmpty }
        if authors.count > Limits.authorsPerWork {
            // Anthologies can list a hundred contributors: the first ones are the book's authors,
            // the whole list stays with the entry.
            row.kept["Additional Authors"] = value("Additional Authors")
            row.warnings.append("\(authors.count) authors: the first \(Limits.authorsPerWork) are kept as the book's authors")
            authors = Array(authors.prefix(Limits.authorsPerWork))
        }
        row.book.authors = authors

        row.setISBN(from: ["ISBN13", "ISBN"].map { ($0, value($0).map(unwrapSpreadsheetText)) })

        if let raw = value("My Rating"), let stars = Int(raw), stars > 0 { row.entry.rating = stars }
        row.book.publisher = value("Publisher")
        row.book.format = value("Binding").flatMap(format)
        if let pages = value("Number of Pages").flatMap(Int.init), pages > 0 { row.book.pageCount = pages }
        if let year = value("Year Published"), Int(year) != nil { row.book.publishedDate = year }
        row.book.firstPublishedYear = value("Original Publication Year").flatMap(Int.init)
        if let id = value("Book Id") { row.book.externalIds = ["goodreads": [id]] }

        row.dateAdded = value("Date Added").flatMap(date)
        let dateRead = value("Date Read").flatMap(date)
        row.entry.dateFinished = dateRead?.description

        // Status: the exclusive shelf, by meaning; a shelf of the reader's own stays as a tag too.
        let exclusive = value("Exclusive Shelf")?.lowercased() ?? "to-read"
        row.sourceStatus = value("Exclusive Shelf")
        var tags: [String] = []
        if let status = builtInShelves[exclusive] {
            row.entry.status = status.rawValue
        } else if let status = shelfMeanings[exclusive] ?? ReadingStatus.parse(spelling: exclusive)?.status {
            // The status says it; the reader's own word for it is kept (and given back on export).
            row.entry.status = status.rawValue
            row.kept["Exclusive Shelf"] = value("Exclusive Shelf")
        } else {
            row.entry.status = (dateRead == nil ? ReadingStatus.wantToRead : .read).rawValue
            tags.append(value("Exclusive Shelf")!)
        }
        for shelf in (value("Bookshelves") ?? "").split(separator: ",") {
            let name = shelf.trimmed
            if name.isEmpty || builtInShelves[name.lowercased()] != nil || name.lowercased() == exclusive { continue }
            tags.append(name)
            row.shelves.append(name)
        }
        row.entry.tags = tags.filter { $0.count <= Limits.tagLength.upperBound }
        if tags.count != row.entry.tags?.count { row.warnings.append("shelf names over 50 characters are not kept as tags") }
        if (row.entry.tags?.count ?? 0) > Limits.tagsPerEntry {
            row.warnings.append("only the first \(Limits.tagsPerEntry) shelves are kept as tags")
            row.entry.tags = Array(row.entry.tags!.prefix(Limits.tagsPerEntry))
        }

        if let review = value("My Review") { row.notes.append(ImportedNote(content: HTMLText.plain(review))) }
        if let notes = value("Private Notes") { row.notes.append(ImportedNote(content: notes)) }
        // Goodreads counts the read in progress: a currently-reading row's Read Count N is N − 1
        // finished reads (1 on a first read, 2 on a re-read). Blank stays "not given".
        if let count = value("Read Count").flatMap(Int.init) {
            row.readCount = row.entry.status == ReadingStatus.reading.rawValue ? max(0, count - 1) : count
        }
        if let owned = value("Owned Copies").flatMap(Int.init) { row.entry.owned = owned > 0 }
        row.entry.recommendedBy = value("Recommended By")

        for (name, raw) in fields where !mapped.contains(name) && row.kept[name] == nil {
            let text = raw.trimmed
            if !text.isEmpty { row.kept[name] = text }
        }
        return .success(row)
    }

    /// `="0123456789"` is how Goodreads keeps spreadsheets from eating leading zeros.
    static func unwrapSpreadsheetText(_ raw: String) -> String {
        var text = Substring(raw)
        if text.hasPrefix("=") { text = text.dropFirst() }
        // Every row has two: trimmed by hand, not by CharacterSet (NSString on Linux).
        while text.first == "\"" { text = text.dropFirst() }
        while text.last == "\"" { text = text.dropLast() }
        return String(text)
    }

    /// "Title (Series, #3)" → ("Title", "Series", 3). Titles with other parentheses stay whole.
    static func splitSeries(_ full: String) -> (String, String?, Double?) {
        guard full.hasSuffix(")"), let open = full.range(of: " (", options: .backwards) else { return (full, nil, nil) }
        let inside = full[open.upperBound..<full.index(before: full.endIndex)]
        guard let marker = inside.range(of: ", #", options: .backwards) else { return (full, nil, nil) }
        let series = String(inside[..<marker.lowerBound]).trimmed
        let numberText = inside[marker.upperBound...]
        let number = Double(numberText.split(separator: "-").first.map(String.init) ?? "")
        guard !series.isEmpty else { return (full, nil, nil) }
        return (String(full[..<open.lowerBound]), series, number)
    }

    /// Goodreads dates are `yyyy/MM/dd`.
    static func date(_ raw: String) -> LocalDate? {
        LocalDate(String(decoding: raw.utf8.map { $0 == UInt8(ascii: "/") ? UInt8(ascii: "-") : $0 }, as: UTF8.self))
    }

    static func format(_ binding: String) -> String? {
        let text = binding.lowercased()
        if text.contains("mass market") { return EditionFormat.massMarket.rawValue }
        if text.contains("paperback") || text.contains("softcover") { return EditionFormat.paperback.rawValue }
        if text.contains("hardcover") || text.contains("hardback") || text.contains("library binding") {
            return EditionFormat.hardcover.rawValue
        }
        if text.contains("audio") { return EditionFormat.audiobook.rawValue }
        if text.contains("kindle") || text.contains("ebook") || text.contains("e-book") || text.contains("nook") {
            return EditionFormat.ebook.rawValue
        }
        return nil
    }
}
