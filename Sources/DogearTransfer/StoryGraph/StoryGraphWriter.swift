import DogearCore
import Foundation

/// Writes a CSV shaped like The StoryGraph's export (its 23 columns), a row at a time. Moods, pace
/// and the character questions are given back from what a StoryGraph import kept.
public enum StoryGraphWriter {
    public static let header = [
        "Title", "Authors", "Contributors", "ISBN/UID", "Format", "Read Status", "Date Added", "Last Date Read",
        "Dates Read", "Read Count", "Moods", "Pace", "Character- or Plot-Driven?", "Strong Character Development?",
        "Loveable Characters?", "Diverse Characters?", "Flawed Characters?", "Star Rating", "Review",
        "Content Warnings", "Content Warning Description", "Tags", "Owned?",
    ]

    /// A writer of this CSV to `stream`; `finish()` it at the end.
    public static func open(_ stream: OutputStream) throws -> CSVExportWriter {
        try CSVExportWriter(stream: stream, header: header, rows: { [row($0)] })
    }

    static func row(_ entry: BackupEntry) -> [String] {
        let kept = entry.kept[ImportFormat.storyGraph.rawValue] ?? [:]
        let book = entry.book
        let status = ReadingStatus(rawValue: entry.status) ?? .wantToRead
        let contributors = kept["Contributors"].map { [$0] } ?? book.translator.map { ["\($0) (Translator)"] } ?? []
        // Finished read-throughs, oldest first, then the current one when it is finished.
        var reads = entry.readThroughs.filter { $0.finished != nil }.map { ($0.started, $0.finished!) }
        if let finished = entry.dateFinished, status == .read { reads.append((entry.dateStarted, finished)) }
        let datesRead = reads.map { started, finished in
            (started.map { GoodreadsWriter.slashed($0) + "-" } ?? "") + GoodreadsWriter.slashed(finished)
        }
        let stars = entry.preciseRating ?? entry.rating.map(Double.init)
        var title = book.title
        if let subtitle = book.subtitle { title += ": \(subtitle)" }
        return [
            title,
            book.authors.joined(separator: ", "),
            contributors.joined(separator: ", "),
            book.isbn13 ?? book.isbn10 ?? kept["ISBN/UID"] ?? "",
            book.format.flatMap(format) ?? "",
            readStatus(status),
            GoodreadsWriter.slashed(ExportFormatting.day(entry.addedAt)),
            entry.dateFinished.map(GoodreadsWriter.slashed) ?? "",
            datesRead.joined(separator: ", "),
            String(entry.readCount),
            kept["Moods"] ?? "",
            kept["Pace"] ?? "",
            kept["Character- or Plot-Driven?"] ?? "",
            kept["Strong Character Development?"] ?? "",
            kept["Loveable Characters?"] ?? "",
            kept["Diverse Characters?"] ?? "",
            kept["Flawed Characters?"] ?? "",
            stars.map(ExportFormatting.number) ?? "",
            // The StoryGraph's reviews are HTML: a note's own < > & must stay text.
            entry.notes.map { HTMLText.escape($0.content) }.joined(separator: "\n\n"),
            book.contentWarnings.joined(separator: ", "),
            kept["Content Warning Description"] ?? "",
            entry.tags.joined(separator: ", "),
            entry.owned ? "Yes" : "No",
        ]
    }

    static func readStatus(_ status: ReadingStatus) -> String {
        switch status {
        case .wantToRead: return "to-read"
        case .reading: return "currently-reading"
        case .read: return "read"
        case .didNotFinish: return "did-not-finish"
        case .onHold: return "paused"
        }
    }

    static func format(_ format: String) -> String? {
        switch EditionFormat(rawValue: format) {
        case .paperback, .massMarket: return "paperback"
        case .hardcover: return "hardcover"
        case .ebook: return "digital"
        case .audiobook: return "audio"
        default: return nil
        }
    }
}
