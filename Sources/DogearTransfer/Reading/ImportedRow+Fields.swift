import DogearCore
import Foundation

// What several formats read alike: a star rating, an ISBN among columns.

extension ImportedRow {
    /// A rating of 0–5 stars as the file wrote it ("4", "3.5", BookWyrm's "3.00"): kept to the
    /// quarter star, with the whole stars it rounds to; 0 is "not rated" (BookWyrm's and
    /// Hardcover's blank), anything else out of range a warning naming the column's word.
    mutating func setStars(_ raw: String?, word: String = "rating") {
        guard let raw, let stars = Double(raw), stars != 0 else {
            if let raw, Double(raw) == nil { warnings.append("\(word) '\(raw)' is not 0.25–5; it is not kept") }
            return
        }
        guard stars > 0, stars <= 5 else {
            warnings.append("\(word) '\(raw)' is not 0.25–5; it is not kept")
            return
        }
        entry.preciseRating = (stars * 4).rounded() / 4
        entry.rating = max(1, min(5, Int(stars.rounded())))
    }
}

extension ImportedRow {
    /// The book's ISBN from the first of the columns that holds a valid one (ISBN-13 before
    /// ISBN-10, as the file names them); a value a spreadsheet turned into a number ("9.78E+12")
    /// or one that is no ISBN is said in a warning naming its column and not kept.
    mutating func setISBN(from columns: [(name: String, value: String?)]) {
        for (column, value) in columns {
            guard let raw = value, !raw.isEmpty else { continue }
            if raw.contains("E+") || raw.contains("e+") {
                warnings.append("\(column) '\(raw)' was turned into a number by a spreadsheet; it is not kept")
                continue
            }
            if let isbn = try? ISBN(raw) {
                book.isbn = isbn.typed
                return
            }
            warnings.append("\(column) '\(raw)' is not a valid ISBN; it is not kept")
        }
    }
}

/// Dates as BookWyrm and Hardcover write them: a day `2024-03-08`, or a timestamp whose first ten
/// characters are its day (`2020-10-21 00:00:00+00:00`, `2024-03-08T10:30:00Z`).
enum ExportDates {
    static func day(_ raw: String) -> LocalDate? {
        LocalDate(String(raw.trimmed.prefix(10)))
    }

    /// The moment of a full ISO 8601 timestamp, or the day's midnight in UTC.
    static func moment(_ raw: String) -> Date? {
        if let date = try? Date(raw.trimmed, strategy: .iso8601) { return date }
        return day(raw).map { Date(timeIntervalSince1970: Double($0.dayNumber) * 86_400) }
    }
}
