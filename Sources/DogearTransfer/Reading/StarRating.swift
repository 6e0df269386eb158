import DogearCore

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
