import Foundation

/// Kindle's `My Clippings.txt`: clippings one after another, each ended by a line of ten `=`:
///
///     Piranesi (Susanna Clarke)
///     - Your Highlight on page 12 | Location 180-182 | Added on Sunday, 12 March 2023 10:15:07
///
///     The Beauty of the House is immeasurable.
///     ==========
///
/// The second line is in the Kindle's language ("- Ihre Markierung auf Seite 12 | Position 180-182 |
/// Hinzugefügt am Sonntag, 12. März 2023 10:15:07"), so it is read by its shape: segments split at
/// `|`, the kind by its word in the languages Kindle writes, the page and the location by the
/// segment their word names (or, without one, by position: the location is the segment before the
/// date), and the date by `KindleDate`.
public enum KindleClippings {
    static let separator = "=========="

    /// Whether a file's first bytes look like clippings (a title line, then a dash line with `|`).
    public static func looks(like text: Substring) -> Bool {
        let lines = text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}")))
        }
        return lines.count >= 2 && lines[1].hasPrefix("- ") && lines[1].contains("|")
    }

    public static func parse(_ text: String) -> (highlights: [Highlight], problems: [HighlightProblem]) {
        var highlights: [Highlight] = []
        var problems: [HighlightProblem] = []
        var block: [Substring] = []
        var blockStart = 1
        // A clipping's lines; one of only blank lines (the file's end) is no clipping.
        func flush() {
            switch clipping(block, line: blockStart) {
            case .success(let highlight?): highlights.append(highlight)
            case .success(nil): break
            case .failure(let problem): problems.append(problem)
            }
        }
        // "\r\n" is one Character to Swift: the file's line ends are made "\n" before splitting.
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if line.trimmingCharacters(in: .whitespaces) == separator {
                flush()
                block = []
                blockStart = index + 2
            } else {
                block.append(line)
            }
        }
        flush()
        return (highlights, problems)
    }

    private static func clipping(_ block: [Substring], line: Int) -> Result<Highlight?, HighlightProblem> {
        // A byte order mark opens the file (and Kindle writes one before each title, too).
        let lines = block.map { $0.replacingOccurrences(of: "\u{FEFF}", with: "") }
        guard let titleIndex = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            return .success(nil)
        }
        let titleLine = lines[titleIndex].trimmingCharacters(in: .whitespaces)
        guard titleIndex + 1 < lines.count else {
            return .failure(
                HighlightProblem(line: line + titleIndex, message: "a clipping without its “- Your Highlight …” line"))
        }
        let meta = lines[titleIndex + 1].trimmingCharacters(in: .whitespaces)
        guard meta.hasPrefix("-") else {
            return .failure(
                HighlightProblem(line: line + titleIndex + 1, message: "expected a line starting “- ” after the title"))
        }
        guard let kind = kind(of: meta) else {
            return .failure(
                HighlightProblem(
                    line: line + titleIndex + 1, message: "not a highlight, a note or a bookmark: “\(meta.prefix(80))”"))
        }
        let (title, author) = titleAndAuthor(titleLine)
        let segments = meta.dropFirst().split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        let text = lines.dropFirst(titleIndex + 2).joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        if kind != .bookmark, text.isEmpty {
            // Kindle leaves an empty highlight when the publisher's clipping limit was reached.
            return .success(nil)
        }
        return .success(
            Highlight(
                kind: kind, title: title, author: author, page: page(in: segments), location: location(in: segments),
                addedAt: segments.last.flatMap(KindleDate.parse), text: text, line: line + titleIndex))
    }

    /// The kind's word in the languages Kindle writes (English, German, French, Spanish, Italian,
    /// Portuguese, Dutch, Japanese, Chinese).
    static let kindWords: [(Highlight.Kind, [String])] = [
        (
            .highlight,
            ["highlight", "markierung", "surlignement", "subrayado", "evidenziazione", "destaque", "markering", "ハイライト", "标注"]
        ),
        (.note, ["note", "notiz", "nota", "notitie", "メモ", "笔记"]),
        (.bookmark, ["bookmark", "lesezeichen", "signet", "marcador", "segnalibro", "bladwijzer", "ブックマーク", "书签"]),
    ]

    static func kind(of meta: String) -> Highlight.Kind? {
        let first = (meta.split(separator: "|").first.map(String.init) ?? meta).lowercased()
        for (kind, words) in kindWords where words.contains(where: { first.contains($0) }) { return kind }
        return nil
    }

    static let pageWords = ["page", "seite", "página", "pagina", "ページ", "页"]
    static let locationWords = ["location", "position", "posición", "emplacement", "posizione", "posição", "locatie", "位置"]

    static func page(in segments: [String]) -> Int? {
        guard let segment = segments.first(where: { segment in pageWords.contains { segment.lowercased().contains($0) } }) else {
            return nil
        }
        return numbers(in: segment).first
    }

    static func location(in segments: [String]) -> ClosedRange<Int>? {
        let named = segments.first { segment in locationWords.contains { segment.lowercased().contains($0) } }
        // Without its word, the location is the segment before the date.
        guard let segment = named ?? (segments.count >= 2 ? segments[segments.count - 2] : nil) else { return nil }
        if pageWords.contains(where: { segment.lowercased().contains($0) }) && named == nil { return nil }
        let found = numbers(in: segment)
        guard let start = found.first else { return nil }
        let end = found.count > 1 ? found[1] : start
        return end >= start ? start...end : start...start
    }

    private static func numbers(in text: String) -> [Int] {
        var found: [Int] = []
        var digits = ""
        for character in text + " " {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if !digits.isEmpty {
                if let value = Int(digits.prefix(9)) { found.append(value) }
                digits = ""
            }
        }
        return found
    }

    /// "Piranesi (Susanna Clarke)" → ("Piranesi", "Susanna Clarke"); the last parenthesised group
    /// is the author, earlier ones stay in the title.
    static func titleAndAuthor(_ line: String) -> (String, String?) {
        guard line.hasSuffix(")"), let open = line.lastIndex(of: "(") else { return (line, nil) }
        let author = line[line.index(after: open)..<line.index(before: line.endIndex)].trimmingCharacters(in: .whitespaces)
        let title = line[..<open].trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty, !author.isEmpty else { return (line, nil) }
        return (title, author)
    }
}

/// Kindle's "Added on …" in the languages it writes: a day, a month by its name, a year, a time
/// (with AM/PM where the language has it). Read as UTC: the file does not say its zone.
enum KindleDate {
    static let months: [String: Int] = {
        let names: [[String]] = [
            ["january", "januar", "janvier", "enero", "gennaio", "janeiro", "januari", "jan"],
            ["february", "februar", "février", "febrero", "febbraio", "fevereiro", "februari", "feb"],
            ["march", "märz", "mars", "marzo", "março", "maart", "mar"],
            ["april", "avril", "abril", "aprile", "apr"],
            ["may", "mai", "mayo", "maggio", "maio", "mei"],
            ["june", "juni", "juin", "junio", "giugno", "junho", "jun"],
            ["july", "juli", "juillet", "julio", "luglio", "julho", "jul"],
            ["august", "août", "agosto", "augustus", "aug"],
            ["september", "septembre", "septiembre", "settembre", "setembro", "sep", "sept"],
            ["october", "oktober", "octobre", "octubre", "ottobre", "outubro", "oct", "okt"],
            ["november", "novembre", "noviembre", "novembro", "nov"],
            ["december", "dezember", "décembre", "diciembre", "dicembre", "dezembro", "dec", "dez"],
        ]
        var table: [String: Int] = [:]
        for (index, words) in names.enumerated() { for word in words { table[word] = index + 1 } }
        return table
    }()

    static func parse(_ segment: String) -> Date? {
        let lowered = segment.lowercased()
        var year: Int?
        var day: Int?
        var month: Int?
        var time: [Int] = []
        var pm = false
        var am = false
        // Japanese and Chinese: 2023年3月12日
        if let match = lowered.firstMatch(of: /(\d{4})年(\d{1,2})月(\d{1,2})日/) {
            year = Int(match.1)
            month = Int(match.2)
            day = Int(match.3)
            pm = lowered.contains("午後") || lowered.contains("下午")
        }
        if let clock = lowered.firstMatch(of: /(\d{1,2}):(\d{2})(?::(\d{2}))?/) {
            time = [Int(clock.1) ?? 0, Int(clock.2) ?? 0, clock.3.flatMap { Int($0) } ?? 0]
        }
        let words = lowered.split(whereSeparator: { " ,.".contains($0) })
        for word in words {
            if word.contains(":") {
                continue
            } else if word == "pm" || word == "p" {
                pm = true
            } else if word == "am" || word == "a" {
                am = true
            } else if let number = Int(word) {
                if word.count == 4 { year = year ?? number } else if day == nil { day = number }
            } else if month == nil, let value = months[String(word)] {
                month = value
            }
        }
        guard let year, let month, let day, (1...31).contains(day), time.count == 3 else { return nil }
        var hour = time[0]
        if pm, hour < 12 { hour += 12 }
        if am, hour == 12 { hour = 0 }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second) = (hour, time[1], time[2])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components)
    }
}
