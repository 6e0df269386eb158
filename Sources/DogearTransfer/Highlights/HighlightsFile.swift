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
/// export), read whole (such files are small) and gathered by book in the file's order.
public struct HighlightsFile: Sendable {
    public let format: ImportFormat
    public let books: [HighlightedBook]
    public let problems: [HighlightProblem]
    /// Kindle's bookmarks: a place without text, not a quote.
    public let bookmarks: Int

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
        return read(data, format: format)
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
        for var highlight in highlights {
            if highlight.kind == .bookmark {
                bookmarks += 1
                continue
            }
            if let problem = overLimits(highlight) {
                problems.append(problem)
                continue
            }
            if let note = highlight.note, note.count > Limits.noteLength.upperBound {
                problems.append(
                    HighlightProblem(
                        line: highlight.line,
                        message: "the note is \(note.count) characters, over \(Limits.noteLength.upperBound); the highlight"
                            + " is imported without it"))
                highlight.note = nil
            }
            // A page a book cannot have (KOReader's 0 before its pages are counted) is no page.
            if let page = highlight.page, !Limits.pageCount.contains(page) { highlight.page = nil }
            let key = highlight.title + "\u{1F}" + (highlight.author ?? "")
            if byBook[key] == nil { order.append(key) }
            byBook[key, default: []].append(highlight)
        }
        let books = order.map { key in
            let clippings = byBook[key] ?? []
            return join(clippings, into: HighlightedBook(title: clippings[0].title, author: clippings[0].author), format: format)
        }
        return HighlightsFile(format: format, books: books, problems: problems, bookmarks: bookmarks)
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

    /// One book's clippings as quotes: a highlight at the place of an earlier one (Kindle writes
    /// a highlight again each time it is extended) replaces it; a note joins the highlight whose
    /// locations hold its own, or stands alone.
    static func join(_ clippings: [Highlight], into book: HighlightedBook, format: ImportFormat) -> HighlightedBook {
        var book = book
        var spans: [ClosedRange<Int>?] = []
        for clipping in clippings where clipping.kind == .highlight {
            let key = sourceKey(clipping, format: format)
            let quote = ImportedQuote(
                text: clipping.text, page: clipping.page, createdAt: clipping.addedAt,
                location: clipping.location.map(locationText), note: clipping.note, sourceKey: key)
            if let index = book.quotes.firstIndex(where: { $0.sourceKey == key }) {
                book.quotes[index] = quote
                spans[index] = clipping.location
            } else {
                book.quotes.append(quote)
                spans.append(clipping.location)
            }
        }
        for note in clippings where note.kind == .note {
            let place = note.location?.lowerBound
            let holder = spans.lastIndex { span in
                guard let span, let place else { return false }
                return span.contains(place)
            }
            if let holder {
                let earlier = book.quotes[holder].note
                book.quotes[holder].note = earlier.map { $0 + "\n\n" + note.text } ?? note.text
            } else {
                book.notes.append(ImportedNote(content: note.text, createdAt: note.addedAt))
            }
        }
        return book
    }

    /// Which highlight this is, the same in every export of it: Kindle's by where it starts (a
    /// longer one at the same start is the same highlight extended), KOReader's by when it was made.
    static func sourceKey(_ highlight: Highlight, format: ImportFormat) -> String {
        let opening = String(SearchText.words(in: SearchText.fold(highlight.text)).joined(separator: " ").prefix(40))
        switch format {
        case .kindleClippings:
            if let location = highlight.location { return "kindle|loc:\(location.lowerBound)" }
            return "kindle|page:\(highlight.page.map(String.init) ?? "")|\(opening)"
        default:
            if let time = highlight.addedAt { return "koreader|\(Int(time.timeIntervalSince1970))" }
            return "koreader|page:\(highlight.page.map(String.init) ?? "")|\(opening)"
        }
    }

    static func locationText(_ range: ClosedRange<Int>) -> String {
        range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
    }
}
