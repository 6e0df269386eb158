import Foundation

/// KOReader's highlight exports (plugins/exporter.koplugin): its JSON, one book
/// (`{"title","author","entries":[…]}`) or several (`{"documents":[…]}`), each entry
/// `{"page","time","text","note"?,"chapter","drawer","sort"}`; and its Markdown:
///
///     # Piranesi
///     ##### Susanna Clarke
///
///     ## Part 1
///     ### Page 12 @ 30 April 2024 02:42:13 PM
///     The Beauty of the House is immeasurable.
///
///     ---
///     the reader's note
///
/// Markdown's times have no zone (KOReader writes the device's local time): read as UTC.
public enum KOReaderHighlights {
    /// Whether a JSON file's opening is KOReader's: an entry's `drawer` (how the highlight is drawn)
    /// beside its `chapter` or the export's `json/` version, and no Dogear backup's format name.
    public static func looksLikeJSON(_ head: Substring) -> Bool {
        !head.contains("\"dogear-backup\"") && head.contains("\"drawer\"")
            && (head.contains("\"chapter\"") || head.contains("\"json/"))
    }

    /// Whether a Markdown file's opening is KOReader's: a `# ` title, then `##### ` author.
    public static func looksLikeMarkdown(_ head: Substring) -> Bool {
        let lines = head.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: true)
        return lines.count >= 2 && lines[0].hasPrefix("# ") && lines[1].hasPrefix("##### ")
    }

    private struct Export: Decodable {
        var documents: [Document]?
        var title: String?
        var author: String?
        var entries: [Entry]?
    }

    private struct Document: Decodable {
        var title: String?
        var author: String?
        var entries: [Entry]?
    }

    private struct Entry: Decodable {
        var page: Page?
        var time: Double?
        var text: String?
        var note: String?
    }

    /// A page number, or a publisher's page label ("xii") KOReader writes as text.
    private struct Page: Decodable {
        var number: Int?
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self.number = number
            } else if let text = try? container.decode(String.self) {
                number = Int(text.trimmingCharacters(in: .whitespaces))
            }
        }
    }

    public static func parseJSON(_ data: Data) -> (highlights: [Highlight], problems: [HighlightProblem]) {
        let export: Export
        do {
            export = try JSONDecoder().decode(Export.self, from: data)
        } catch {
            return ([], [HighlightProblem(line: 1, message: "not a KOReader export: its JSON does not have KOReader's shape")])
        }
        let documents = export.documents ?? [Document(title: export.title, author: export.author, entries: export.entries)]
        var highlights: [Highlight] = []
        var problems: [HighlightProblem] = []
        var number = 0
        for document in documents {
            let title = document.title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            for entry in document.entries ?? [] {
                number += 1
                guard !title.isEmpty else {
                    problems.append(HighlightProblem(line: number, message: "a highlight of a book without a title"))
                    continue
                }
                let text = entry.text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                guard !text.isEmpty else {
                    problems.append(HighlightProblem(line: number, message: "a highlight without its text"))
                    continue
                }
                let note = entry.note?.trimmingCharacters(in: .whitespacesAndNewlines)
                highlights.append(
                    Highlight(
                        kind: .highlight, title: title, author: author(document.author), page: entry.page?.number,
                        addedAt: entry.time.flatMap(moment), text: text, note: note?.isEmpty == false ? note : nil,
                        line: number))
            }
        }
        return (highlights, problems)
    }

    public static func parseMarkdown(_ text: String) -> (highlights: [Highlight], problems: [HighlightProblem]) {
        var highlights: [Highlight] = []
        var problems: [HighlightProblem] = []
        var title: String?
        var author: String?
        var current: (page: Int?, addedAt: Date?, line: Int, body: [Substring])?
        func flush() {
            guard let entry = current, let title else { return }
            current = nil
            // "---" on its own line parts the highlight from the reader's note.
            var body = entry.body
            var note: String?
            if let rule = body.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" }) {
                note = body[(rule + 1)...].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
                body = Array(body[..<rule])
            }
            let quote = unstyled(body.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines))
            guard !quote.isEmpty else {
                problems.append(HighlightProblem(line: entry.line, message: "a highlight without its text"))
                return
            }
            highlights.append(
                Highlight(
                    kind: .highlight, title: title, author: author, page: entry.page, addedAt: entry.addedAt, text: quote,
                    note: note?.isEmpty == false ? note : nil, line: entry.line))
        }
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("##### ") {
                author = Self.author(String(line.dropFirst(6)))
            } else if line.hasPrefix("### ") {
                flush()
                let heading = line.dropFirst(4)
                guard let match = heading.wholeMatch(of: /Page (\S+) @ (.+)/) else {
                    problems.append(
                        HighlightProblem(line: index + 1, message: "expected “### Page N @ date”, found “\(heading.prefix(80))”"))
                    continue
                }
                current = (Int(match.1), markdownDate(String(match.2)), index + 1, [])
            } else if line.hasPrefix("## ") || line == "##" || line.hasPrefix("_Generated at:") {
                // A chapter, or the file's closing "## " and its generation time.
                flush()
            } else if line.hasPrefix("# ") {
                flush()
                title = String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces)
                author = nil
            } else if current != nil {
                current?.body.append(line)
            }
        }
        flush()
        return (highlights, problems)
    }

    /// KOReader's "N/A" for no author; several authors are one per line, written ", " in Markdown.
    static func author(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let text = raw.replacingOccurrences(of: "\n", with: ", ").trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty || text == "N/A" ? nil : text
    }

    static func moment(_ seconds: Double) -> Date? {
        guard seconds.isFinite, seconds > 0, seconds < 4_102_444_800 else { return nil }
        return Date(timeIntervalSince1970: seconds.rounded(.down))
    }

    /// `30 April 2024 02:42:13 PM` (`%d %B %Y %I:%M:%S %p`); other languages' month names as Kindle's.
    static func markdownDate(_ text: String) -> Date? {
        KindleDate.parse(text)
    }

    /// The wrapping KOReader's "format highlights based on style" adds: `**…**`, `*…*`, `==…==`,
    /// `++…++`, `~~…~~`, `<u>…</u>`, `**_…_**`.
    static func unstyled(_ text: String) -> String {
        for (open, close) in [
            ("**_", "_**"), ("**", "**"), ("==", "=="), ("++", "++"), ("~~", "~~"), ("<u>", "</u>"), ("*", "*"),
        ] where text.count > open.count + close.count && text.hasPrefix(open) && text.hasSuffix(close) {
            return String(text.dropFirst(open.count).dropLast(close.count))
        }
        return text
    }
}
