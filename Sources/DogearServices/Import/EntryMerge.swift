import DogearCore
import DogearStore
import DogearTransfer
import Foundation

/// What an import row adds to an entry already in the library (from an earlier import of this or
/// another file, or typed by hand). The library's own values win: a row only fills what is empty,
/// moves a book on from want-to-read, and adds tags, notes, read-throughs, quotes, sessions and
/// kept columns the entry does not have yet. So importing the same file twice changes nothing, and
/// a StoryGraph export after a Goodreads one adds what only StoryGraph knew.
package struct EntryMerge {
    /// What the entry has now, beyond its own columns.
    package struct Existing {
        package var tagKeys: Set<String> = []
        package var notes: Set<String> = []
        package var readThroughs: Set<String> = []
        package var quotes: Set<String> = []
        package var sessions: Set<String> = []
        package var kept: [String: [String: String]] = [:]
        /// The entry's own edition and its others (`entry_editions`), and their formats.
        package var editions: Set<UUID> = []
        package var editionFormats: Set<String> = []
    }

    /// What to write beside the entry's own columns.
    package struct Additions {
        package var tags: [TagName] = []
        package var notes: [ImportedNote] = []
        package var readThroughs: [PastReadThrough] = []
        package var quotes: [ImportedQuote] = []
        package var sessions: [ImportedSession] = []
        /// Formats whose kept columns changed, with their whole new set.
        package var kept: [String: [String: String]] = [:]
        /// Formats whose kept row exists and is replaced.
        package var replacedKept: Set<String> = []
        /// Other editions of the book the row says the reader has.
        package var editions: [EntryEdition.Planned] = []

        package var isEmpty: Bool {
            tags.isEmpty && notes.isEmpty && readThroughs.isEmpty && quotes.isEmpty && sessions.isEmpty && kept.isEmpty
                && editions.isEmpty
        }
    }

    /// What applying a row did to the entry.
    package struct Applied {
        /// Whether any of the entry's own columns changed.
        package var changed = false
        /// Another read of the book (a second row of one work: another edition, another year):
        /// whichever of the entry's read and the row's is earlier, to keep as a past read-through.
        package var pastRead: PastReadThrough?
    }

    /// Applies a row to an entry.
    package static func apply(_ row: PreparedRow, to entry: LibraryEntry, editionID: UUID?) -> Applied {
        var changed = false
        var pastRead: PastReadThrough?
        func fill<T: Equatable>(_ path: ReferenceWritableKeyPath<LibraryEntry, T?>, _ value: T?) {
            if entry[keyPath: path] == nil, let value {
                entry[keyPath: path] = value
                changed = true
            }
        }
        let valid = row.entry
        fill(\.rating, valid.rating)
        fill(\.preciseRating, valid.preciseRating)
        fill(\.recommendedBy, valid.recommendedBy)
        fill(\.wouldRecommend, valid.wouldRecommend)
        fill(\.dailyGoalPages, valid.dailyGoalPages)
        fill(\.culturalGoalCategory, valid.culturalGoalCategory)
        if entry.$edition.id == nil, let editionID {
            entry.$edition.id = editionID
            changed = true
        }
        if valid.favorite && !entry.favorite {
            entry.favorite = true
            changed = true
        }

        // A book still on the want-to-read pile takes the row's further status and its dates.
        if entry.status == .wantToRead, valid.status != .wantToRead {
            entry.status = valid.status
            if valid.status == .read { entry.progress = 1 }
            changed = true
        }
        // Two finished reads on two dates: the later is the entry's, the earlier a past read.
        if entry.status == .read, valid.status == .read, let rowFinished = valid.dateFinished,
            let current = entry.dateFinished.flatMap(LocalDate.init), rowFinished != current
        {
            if rowFinished > current {
                pastRead = PastReadThrough(
                    started: entry.dateStarted.flatMap(LocalDate.init), finished: current, outcome: .read)
                entry.dateFinished = rowFinished.description
                entry.dateStarted = valid.dateStarted?.description
                changed = true
            } else {
                pastRead = PastReadThrough(started: valid.dateStarted, finished: rowFinished, outcome: .read)
            }
        }
        fill(\.dateStarted, valid.dateStarted?.description)
        if [.read, .didNotFinish].contains(entry.status) {
            fill(\.dateFinished, valid.dateFinished?.description)
        }
        let reads = PreparedRow.readCount(row)
        if reads > entry.readCount {
            entry.readCount = reads
            changed = true
        }
        if let position = row.source.position, entry.currentPage == nil, entry.currentMinutes == nil,
            position.currentPage != nil || position.currentMinutes != nil
        {
            entry.currentPage = position.currentPage
            entry.currentMinutes = position.currentMinutes
            entry.progress = position.progress
            changed = true
        }
        return Applied(changed: changed, pastRead: pastRead)
    }

    /// Finished reads the entry holds: its past read-throughs read to the end, and its own read.
    package static func finishedReads(_ entry: LibraryEntry, existing: Existing) -> Int {
        existing.readThroughs.filter { $0.hasSuffix("|\(ReadingStatus.read.rawValue)") }.count + (entry.status == .read ? 1 : 0)
    }

    /// The tags, notes, read-throughs, … of the row that the entry lacks; records them as present.
    package static func additions(
        _ row: PreparedRow, format: ImportFormat, existing: inout Existing, pastRead: PastReadThrough? = nil
    ) -> Additions {
        var add = Additions()
        if let pastRead, existing.readThroughs.insert(readKey(pastRead)).inserted { add.readThroughs.append(pastRead) }
        for tag in row.entry.tags where existing.tagKeys.insert(tag.key).inserted { add.tags.append(tag) }
        for note in row.source.notes where existing.notes.insert(noteKey(note.content)).inserted { add.notes.append(note) }
        for read in row.source.pastReads where existing.readThroughs.insert(readKey(read)).inserted {
            add.readThroughs.append(read)
        }
        // A device's highlight is one quote a book (`source_key` is unique per entry), whatever its text.
        for quote in row.source.quotes
        where existing.quotes.insert(quoteKey(quote.text)).inserted
            && quote.sourceKey.map({ existing.quotes.insert(quoteSourceKey($0)).inserted }) ?? true
        {
            add.quotes.append(quote)
        }
        for session in row.source.sessions where existing.sessions.insert(sessionKey(session)).inserted {
            add.sessions.append(session)
        }
        var kept = row.source.keptByFormat
        if !row.source.kept.isEmpty { kept[format.rawValue, default: [:]].merge(row.source.kept) { old, _ in old } }
        for (name, fields) in kept {
            var merged = existing.kept[name] ?? [:]
            let before = merged
            merged.merge(fields) { old, _ in old }
            if merged != before {
                if existing.kept[name] != nil { add.replacedKept.insert(name) }
                existing.kept[name] = merged
                add.kept[name] = merged
            }
        }
        return add
    }

    package static func noteKey(_ content: String) -> String { content.trimmingCharacters(in: .whitespacesAndNewlines) }
    package static func quoteKey(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
    /// Kept in the same set as the texts, told apart by a prefix no trimmed text starts with.
    package static func quoteSourceKey(_ key: String) -> String { "\u{1F}source:" + key }
    package static func readKey(_ read: PastReadThrough) -> String {
        "\(read.started?.description ?? "")|\(read.finished?.description ?? "")|\(read.outcome.rawValue)"
    }
    package static func readKey(started: String?, finished: String?, outcome: String) -> String {
        "\(started ?? "")|\(finished ?? "")|\(outcome)"
    }
    package static func sessionKey(_ session: ImportedSession) -> String {
        "\(session.date)|\(session.minutes)|\(session.pagesRead.map(String.init) ?? "")|\(session.startPage.map(String.init) ?? "")"
    }
}

/// An import row that passed validation.
package struct PreparedRow: Sendable {
    package let source: ImportedRow
    package let book: ValidBook
    package let entry: ValidEntry

    /// Times finished: the file's Read Count when it gives one (blank is unknown, not zero), else
    /// the finished reads it lists.
    package static func readCount(_ row: PreparedRow) -> Int {
        if let count = row.source.readCount { return count }
        let past = row.source.pastReads.filter { $0.outcome == .read }.count
        return past + (row.entry.status == .read ? 1 : 0)
    }

    package init(source: ImportedRow, book: ValidBook, entry: ValidEntry) {
        self.source = source
        self.book = book
        self.entry = entry
    }
}
