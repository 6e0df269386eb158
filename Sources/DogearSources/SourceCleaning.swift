import DogearCore
import Foundation

/// What sources send is messier than what the catalog accepts: this trims it to the catalog's limits (`Limits`)
/// (so a long description or a hundred subjects never makes a whole lookup fail) and maps their
/// vocabularies onto Dogear's.
enum SourceCleaning {
    static func clean(_ input: BookDraft) -> BookDraft {
        var draft = input
        draft.title = draft.title.map { clip($0, Limits.titleLength.upperBound) }
        draft.subtitle = draft.subtitle.map { clip($0, Limits.subtitleMaxLength) }
        draft.authors = draft.authors.map { names in
            var seen = Set<String>()
            return names.map { clip($0.trimmingCharacters(in: .whitespaces), Limits.authorNameLength.upperBound) }
                .filter { !$0.isEmpty && seen.insert($0).inserted }
                .prefix(Limits.authorsPerWork).map { $0 }
        }
        draft.publisher = draft.publisher.map { clip($0, Limits.publisherMaxLength) }
        draft.description = draft.description.map {
            clip(
                $0.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines),
                Limits.descriptionMaxLength)
        }
        draft.genres = draft.genres.map(genres)
        draft.series = draft.series.map { clip($0, Limits.seriesNameMaxLength) }
        draft.editionTitle = draft.editionTitle.map { clip($0, Limits.titleLength.upperBound) }
        if let pages = draft.pageCount, !Limits.pageCount.contains(pages) { draft.pageCount = nil }
        for url in [\BookDraft.coverUrl, \.infoUrl, \.previewUrl] {
            if let value = draft[keyPath: url], (try? Validate.optionalURL(value, field: "url")) == nil {
                draft[keyPath: url] = nil
            }
        }
        if let date = draft.publishedDate, (try? PublicationDate.validate(date, field: "publishedDate")) == nil {
            draft.publishedDate = PublicationDate.normalise(date)
        }
        return draft
    }

    /// Up to 10 subjects of at most 50 characters, duplicates (any case) dropped. Google's
    /// "Fiction / Science Fiction / General" becomes its parts.
    static func genres(_ raw: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for subject in raw.flatMap({ $0.components(separatedBy: " / ") }) {
            let name = subject.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.count <= Limits.genreMaxLength, name.lowercased() != "general",
                seen.insert(name.lowercased()).inserted
            else { continue }
            result.append(name)
            if result.count == Limits.genresPerWork { break }
        }
        return result
    }

    static func clip(_ text: String, _ max: Int) -> String {
        text.count <= max ? text : String(text.prefix(max - 1)) + "…"
    }

    static func format(_ raw: String) -> String? {
        let text = raw.lowercased()
        if text.contains("mass market") { return EditionFormat.massMarket.rawValue }
        if text.contains("paper") || text.contains("softcover") || text.contains("trade") {
            return EditionFormat.paperback.rawValue
        }
        if text.contains("hard") || text.contains("library binding") { return EditionFormat.hardcover.rawValue }
        if text.contains("audio") || text.contains("mp3") { return EditionFormat.audiobook.rawValue }
        if text.contains("ebook") || text.contains("e-book") || text.contains("kindle") || text.contains("epub") {
            return EditionFormat.ebook.rawValue
        }
        return nil
    }

    /// Open Library uses MARC language codes; Dogear stores BCP 47.
    static func language(marc code: String) -> String? {
        let map = [
            "eng": "en", "fre": "fr", "fra": "fr", "ger": "de", "deu": "de", "spa": "es", "ita": "it",
            "por": "pt", "dut": "nl", "nld": "nl", "jpn": "ja", "rus": "ru", "chi": "zh", "zho": "zh",
            "swe": "sv", "nor": "no", "dan": "da", "fin": "fi", "pol": "pl", "cze": "cs", "gre": "el",
            "heb": "he", "ara": "ar", "kor": "ko", "tur": "tr", "hun": "hu", "lat": "la", "ukr": "uk",
        ]
        guard !code.isEmpty else { return nil }
        return map[code] ?? code
    }
}
