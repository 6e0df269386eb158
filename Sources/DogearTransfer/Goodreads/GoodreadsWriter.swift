import DogearCore
import Foundation

/// Writes a Goodreads-compatible CSV (the 24-column header Goodreads exports today), a row at a time.
///
/// Columns Dogear has no field for (Average Rating, Author l-f, Spoiler, …) are given back from what
/// a Goodreads import kept. Notes go to Private Notes, separated by a blank line: My Review is read
/// as HTML by Goodreads and by Dogear, which would eat a note's `<` and `>`.
public enum GoodreadsWriter {
    public static let header = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
        "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year",
        "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review",
        "Spoiler", "Private Notes", "Read Count", "Owned Copies",
    ]

    /// A writer of this CSV to `stream`; `finish()` it at the end.
    public static func open(_ stream: OutputStream) throws -> CSVExportWriter {
        try CSVExportWriter(stream: stream, header: header, rows: rows)
    }

    /// The entry's row, then a row for each other edition the reader has: its ISBN, binding, pages
    /// and publisher, the rating and read date given to it, its Book Id; so Goodreads → Dogear →
    /// Goodreads gives back every row (importing them again makes the same one entry).
    static func rows(_ entry: BackupEntry) -> [[String]] {
        // The work carries every row's Book Id; the entry's own row takes one that is not another edition's.
        var own = entry
        let othersIDs = Set((entry.otherEditions ?? []).compactMap(\.sourceId))
        own.book.externalIds[ExternalIDKind.goodreads.rawValue] = entry.book.externalIds[ExternalIDKind.goodreads.rawValue]?
            .filter { !othersIDs.contains($0) }
        var rows = [row(own)]
        for other in entry.otherEditions ?? [] {
            var copy = entry
            copy.book.isbn13 = other.isbn13
            copy.book.isbn10 = other.isbn10
            copy.book.format = other.format
            copy.book.pageCount = other.pageCount
            copy.book.publisher = other.publisher
            copy.book.publishedDate = other.publishedDate
            copy.book.externalIds[ExternalIDKind.goodreads.rawValue] = other.sourceId.map { [$0] } ?? []
            copy.rating = other.rating
            copy.dateFinished = other.dateRead
            copy.readCount = other.dateRead == nil ? 0 : 1
            copy.notes = []
            copy.tags = []
            copy.kept[ImportFormat.goodreads.rawValue] = nil
            rows.append(row(copy))
        }
        return rows
    }

    static func row(_ entry: BackupEntry) -> [String] {
        let kept = entry.kept[ImportFormat.goodreads.rawValue] ?? [:]
        let book = entry.book
        var title = book.title
        if let subtitle = book.subtitle { title += ": \(subtitle)" }
        if let series = book.series { title = seriesTitle(title, series: series, number: book.seriesNumber) }
        if let written = kept["Title"], GoodreadsRow.splitSeries(written).0 == book.title { title = written }
        let first = book.authors.first ?? ""
        let status = ReadingStatus(rawValue: entry.status) ?? .wantToRead
        return [
            book.externalIds[ExternalIDKind.goodreads.rawValue]?.first ?? kept["Book Id"] ?? "",
            title,
            first,
            kept["Author l-f"] ?? ExportFormatting.lastFirst(first),
            book.authors.dropFirst().joined(separator: ", "),
            "=\"\(book.isbn10 ?? "")\"",
            "=\"\(book.isbn13 ?? "")\"",
            String(entry.rating ?? 0),
            kept["Average Rating"] ?? "",
            book.publisher ?? "",
            book.format.flatMap(binding) ?? kept["Binding"] ?? "",
            book.pageCount.map(String.init) ?? "",
            book.publishedDate.map { String($0.prefix(4)) } ?? "",
            book.firstPublishedYear.map(String.init) ?? "",
            entry.dateFinished.map(slashed) ?? "",
            slashed(ExportFormatting.day(entry.addedAt)),
            entry.tags.joined(separator: ", "),
            kept["Bookshelves with positions"] ?? "",
            exclusiveShelf(status, kept: kept["Exclusive Shelf"]),
            "",
            kept["Spoiler"] ?? "",
            entry.notes.map(\.content).joined(separator: "\n\n"),
            // Goodreads' Read Count includes the read in progress (`GoodreadsRow`).
            String(entry.readCount + (status == .reading ? 1 : 0)),
            entry.owned ? "1" : "0",
        ]
    }

    /// The reader's own shelf name when it still says the entry's status, else Goodreads' word for it.
    static func exclusiveShelf(_ status: ReadingStatus, kept: String?) -> String {
        if let kept, let meaning = GoodreadsRow.shelfMeanings[kept.lowercased()] ?? ReadingStatus.parse(spelling: kept)?.status,
            meaning == status
        {
            return kept
        }
        switch status {
        case .wantToRead: return "to-read"
        case .reading: return "currently-reading"
        case .read: return "read"
        case .didNotFinish: return "did-not-finish"
        case .onHold: return "on-hold"
        }
    }

    static func binding(_ format: String) -> String? {
        switch EditionFormat(rawValue: format) {
        case .paperback: return "Paperback"
        case .hardcover: return "Hardcover"
        case .massMarket: return "Mass Market Paperback"
        case .ebook: return "ebook"
        case .audiobook: return "Audiobook"
        default: return nil
        }
    }

    /// "Title (Series, #3)", as Goodreads writes a book in a series.
    static func seriesTitle(_ title: String, series: String, number: Double?) -> String {
        "\(title) (\(series)\(number.map { ", #\(ExportFormatting.number($0))" } ?? ""))"
    }

    static func slashed(_ day: String) -> String { day.replacingOccurrences(of: "-", with: "/") }
}

/// Small text forms the writers share.
public enum ExportFormatting {
    /// 3 → "3", 2.5 → "2.5".
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// "Ursula K. Le Guin" → "Le Guin, Ursula K." is beyond a rule; "Last, First…" by the last word.
    static func lastFirst(_ name: String) -> String {
        let words = name.split(separator: " ")
        guard words.count > 1 else { return name }
        return "\(words.last!), \(words.dropLast().joined(separator: " "))"
    }

    /// The day of an instant in UTC, `yyyy-MM-dd`.
    public static func day(_ date: Date) -> String {
        LocalDate(date, in: .gmt).description
    }
}
