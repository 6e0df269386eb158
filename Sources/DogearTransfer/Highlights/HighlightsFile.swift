import DogearCore
import Foundation

/// One book of a highlights file: its highlights as quotes (a Kindle note joined to the highlight
/// at its location; an extended highlight once, as last made), and the notes that stand alone.
public struct HighlightedBook: Sendable, Equatable {
    public var title: String
    public var author: String?
    public var quotes: [ImportedQuote] = []
    public var notes: [ImportedNote] = []

    public init(title: String, author: String?) {
        self.title = title
        self.author = author
    }

    /// Quotes and notes: what importing this book adds at most.
    public var count: Int { quotes.count + notes.count }
}

/// An e-reader's highlights file (Kindle's `My Clippings.txt`, KOReader's JSON or Markdown
/// export), read whole (a Kindle's whole life of clippings is a few megabytes; the upload limit
/// bounds the rest, and `maxBooks`/`maxClippings` what one import takes) and gathered by book in
/// the file's order.
public struct HighlightsFile: Sendable {
    public let format: ImportFormat
    public let books: [HighlightedBook]
    public let problems: [HighlightProblem]
    /// Kindle's bookmarks: a place without text, not a quote.
    public let bookmarks: Int
    /// Highlights and notes read, before an extended highlight's versions are made one.
    public let clippings: Int

    /// What one file may hold: a Kindle's whole life of reading is well under these.
    public static let maxBooks = 5_000
    public static let maxClippings = 200_000

    public var count: Int { books.reduce(0) { $0 + $1.count } }

    /// The file read as highlights, or nil when it is not a highlights file (a CSV, say).
    public static func read(path: String) throws -> HighlightsFile? {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImportFileError.unreadable("the file cannot be opened")
        }
        let head = try handle.read(upToCount: 65_536) ?? Data()
        try? handle.close()
        guard let format = detect(head) else { return nil }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let file = read(data, format: format)
        guard file.books.count <= maxBooks, file.clippings <= maxClippings else {
            throw ImportFileError.unreadable(
                "it holds \(file.clippings) highlights of \(file.books.count) books; at most \(maxClippings) of \(maxBooks)"
                    + " books are imported at once: split the file")
        }
        return file
    }

    /// Which highlights format a file's opening bytes are, if any.
    public static func detect(_ head: Data) -> ImportFormat? {
        var text = Substring(String(decoding: head, as: UTF8.self))
        while text.first == "\u{FEFF}" || text.first?.isWhitespace == true { text = text.dropFirst() }
        if text.first == "{" { return KOReaderHighlights.looksLikeJSON(text) ? .koreaderHighlights : nil }
        if KOReaderHighlights.looksLikeMarkdown(text) { return .koreaderHighlights }
        if KindleClippings.looks(like: text) { return .kindleClippings }
        return nil
    }

    static func read(_ data: Data, format: ImportFormat) -> HighlightsFile {
        let text = String(decoding: data, as: UTF8.self)
        let (highlights, problems): ([Highlight], [HighlightProblem])
        switch format {
        case .kindleClippings:
            (highlights, problems) = KindleClippings.parse(text)
        default:
            let trimmed = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
            (highlights, problems) =
                trimmed.first == "{" ? KOReaderHighlights.parseJSON(data) : KOReaderHighlights.parseMarkdown(text)
        }
        return gather(highlights, format: format, problems: problems)
    }

    /// By book (title and author as written), in the order books first appear.
    static func gather(_ highlights: [Highlight], format: ImportFormat, problems: [HighlightProblem]) -> HighlightsFile {
        var order: [String] = []
        var byBook: [String: [Highlight]] = [:]
        var bookmarks = 0
        var problems = problems
        var clippings = 0
        for var highlight in highlights {
            if highlight.kind == .bookmark {
                bookmarks += 1
                continue
            }
            highlight.title = printable(highlight.title)
            highlight.author = highlight.author.map(printable)
            highlight.text = printable(highlight.text)
            highlight.note = highlight.note.map(printable)
            if let problem = overLimits(highlight) {
                problems.append(problem)
                continue
            }
            if let note = highlight.note, note.count > Limits.noteLength.upperBound {
                problems.append(
                    HighlightProblem(
                        line: highlight.line,
                        message: "the note is \(note.count) characters, over \(Limits.noteLength.upperBound); the highlight"
                            + " is imported without it", isWarning: true))
                highlight.note = nil
            }
            // A page a book cannot have (KOReader's 0 before its pages are counted) is no page.
            if let page = highlight.page, !Limits.pageCount.contains(page) { highlight.page = nil }
            let key = highlight.title + "\u{1F}" + (highlight.author ?? "")
            if byBook[key] == nil { order.append(key) }
            byBook[key, default: []].append(highlight)
            clippings += 1
        }
        let books = order.map { key in
            let clippings = byBook[key] ?? []
            return join(clippings, into: HighlightedBook(title: clippings[0].title, author: clippings[0].author), format: format)
        }
        return HighlightsFile(format: format, books: books, problems: problems, bookmarks: bookmarks, clippings: clippings)
    }

    /// Without control characters (a NUL a database refuses, a stray escape), line ends and tabs kept.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" })
        else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(
            contentsOf: text.unicodeScalars.filter { $0.properties.generalCategory != .control || $0 == "\n" || $0 == "\t" })
        return String(scalars)
    }

    /// A clipping Dogear cannot keep whole: refused with why, never cut.
    static func overLimits(_ highlight: Highlight) -> HighlightProblem? {
        let what = highlight.kind == .note ? "note" : "highlight"
        let limit = highlight.kind == .note ? Limits.noteLength.upperBound : Limits.quoteLength.upperBound
        if highlight.text.count > limit {
            return HighlightProblem(
                line: highlight.line,
                message: "the \(what) is \(highlight.text.count) characters, over \(limit); it is not imported")
        }
        if highlight.title.count > Limits.titleLength.upperBound {
            return HighlightProblem(
                line: highlight.line, message: "the book's title is over \(Limits.titleLength.upperBound) characters")
        }
        if let author = highlight.author, author.count > Limits.shortTextMaxLength * 4 {
            return HighlightProblem(
                line: highlight.line, message: "the author's name is over \(Limits.shortTextMaxLength * 4) characters")
        }
        return nil
    }

    /// One book's clippings as quotes: a highlight at the place of an earlier one whose text
    /// holds it or is held by it (Kindle writes a highlight again each time it is extended)
    /// replaces it; another highlight starting there is its own (`distinctKey`); a note joins the
    /// highlight whose locations hold its own, or stands alone. Keys and locations are looked up,
    /// not searched, so a book of many clippings costs no more than their number.
    static func join(_ clippings: [Highlight], into book: HighlightedBook, format: ImportFormat) -> HighlightedBook {
        var book = book
        var byPlace: [String: [Int]] = [:]
        var byEnd: [Int: Int] = [:]
        var byLocation: [Int: Int] = [:]
        for clipping in clippings where clipping.kind == .highlight {
            let place = sourceKey(clipping, format: format)
            let earlier = byPlace[place, default: []].first { Highlight.sameHighlight(book.quotes[$0].text, clipping.text) }
            // The first highlight at a place has the place's key; another that starts there its own.
            let key =
                earlier.flatMap { book.quotes[$0].sourceKey }
                ?? (byPlace[place, default: []].isEmpty ? place : distinctKey(place, text: clipping.text))
            let quote = ImportedQuote(
                text: clipping.text, page: clipping.page, createdAt: clipping.addedAt,
                location: clipping.location.map(locationText), note: clipping.note, sourceKey: key)
            let index: Int
            if let earlier {
                index = earlier
                book.quotes[index] = quote
            } else {
                index = book.quotes.count
                book.quotes.append(quote)
                byPlace[place, default: []].append(index)
            }
            if let span = clipping.location {
                // A highlight spans a few locations; a longer span is known by its ends only.
                let places = span.count <= 200 ? Array(span) : [span.lowerBound, span.upperBound]
                for place in places { byLocation[place] = index }
                byEnd[span.upperBound] = index
            }
        }
        for note in clippings where note.kind == .note {
            // Kindle puts a note at its highlight's last location: that one first, else one holding it.
            if let place = note.location?.lowerBound, let holder = byEnd[place] ?? byLocation[place] {
                let joined = book.quotes[holder].note.map { $0 + "\n\n" + note.text } ?? note.text
                if joined.count <= Limits.noteLength.upperBound {
                    book.quotes[holder].note = joined
                    continue
                }
            }
            book.notes.append(ImportedNote(content: note.text, createdAt: note.addedAt))
        }
        return book
    }

    /// Which highlight this is: Kindle's by where it starts (a longer one at the same start is the
    /// same highlight extended), KOReader's by when it was made. The same in every export of it,
    /// except KOReader's Markdown written away from UTC (its times have no zone): there the text
    /// finds the quote (`HighlightImport.decide`).
    static func sourceKey(_ highlight: Highlight, format: ImportFormat) -> String {
        switch format {
        case .kindleClippings:
            if let location = highlight.location { return "kindle|loc:\(location.lowerBound)" }
            return "kindle|page:\(highlight.page.map(String.init) ?? "")|\(opening(highlight.text))"
        default:
            if let time = highlight.addedAt { return "koreader|\(Int(time.timeIntervalSince1970))" }
            return "koreader|page:\(highlight.page.map(String.init) ?? "")|\(opening(highlight.text))"
        }
    }

    /// The key of another highlight that starts where one with `key` does (two short sentences in
    /// one Kindle location): the place and its own opening words.
    public static func distinctKey(_ key: String, text: String) -> String {
        place(of: key) + "|" + opening(text)
    }

    /// The place part of a key ("kindle|loc:80" of "kindle|loc:80|its kindness infinite"): the
    /// highlights there are one group, told apart by their texts.
    public static func place(of key: String) -> String {
        key.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false).prefix(2).joined(separator: "|")
    }

    static func opening(_ text: String) -> String {
        String(SearchText.words(in: SearchText.fold(text)).joined(separator: " ").prefix(40))
    }

    static func locationText(_ range: ClosedRange<Int>) -> String {
        range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
    }
}
