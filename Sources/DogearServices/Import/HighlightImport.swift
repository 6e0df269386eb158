import DogearCore
import DogearStore
import DogearTransfer
import FluentKit
import Foundation
import SQLKit

/// A highlights file (Kindle's clippings, KOReader's exports) into the reader's books: each of the
/// file's books is matched to one of theirs by title and author (`DeviceBookMatch`); a matched
/// book's highlights become quotes (`decide`: a quote already there, by its device key or its
/// text, is left, its note brought up to date; a highlight extended since replaces its shorter
/// self); a book matched to none waits in `import_waiting_books` with its highlights until the
/// reader links it to a book. Each book is one transaction with the job's counters (added in SQL,
/// so a link made meanwhile is not overwritten), so a stopped job goes on from the next book.
package struct HighlightImport {
    package let db: any Database
    package let userID: UUID
    package let now: Date

    /// What one book's highlights did: quotes and notes added, ones replaced (extended since, or
    /// a note added on the device), ones there already.
    package struct Outcome: Sendable, Equatable {
        package var created = 0
        package var replaced = 0
        package var unchanged = 0
    }

    /// A waiting book's highlights as kept (a preview's keep none: nothing can be linked there).
    struct WaitingContent: Codable {
        var quotes: [ImportedQuote]
        var notes: [ImportedNote]
    }

    package init(db: any Database, userID: UUID, now: Date) {
        self.db = db
        self.userID = userID
        self.now = now
    }

    /// Runs (or previews) a job's file from the book after the last one done (`lastLine` counts
    /// books done, plus one); `afterEach` runs between books, outside any transaction (the job
    /// runner renews its lease there, and stops if another process took the job).
    package func run(_ file: HighlightsFile, job: ImportJob, afterEach: (@Sendable () async throws -> Void)? = nil)
        async throws
    {
        let library = try await candidates()
        let jobID = try job.requireID()
        if job.dryRun {
            // A preview run again (the server stopped) starts over.
            try await db.writeTransaction { db in
                try await db.sql.delete(from: "import_waiting_books").where("job_id", .equal, jobID).run()
                try await db.sql.raw(
                    "UPDATE imports SET created = 0, merged = 0, unchanged = 0, processed = 0 WHERE id = \(bind: jobID)"
                ).run()
            }
        }
        // A preview plans each book against what the earlier books of the file would have added.
        var planned: [UUID: Existing] = [:]
        for (index, book) in file.books.enumerated() where index + 2 > job.lastLine || job.dryRun {
            try Task.checkCancellation()
            let entryID = library.matcher.best(title: book.title, author: book.author).map { library.ids[$0] }
            if job.dryRun, let entryID {
                var existing: Existing
                if let known = planned[entryID] { existing = known } else { existing = try await self.existing(entryID, on: db) }
                let outcome = Self.outcome(of: decide(book, against: &existing))
                planned[entryID] = existing
                try await db.writeTransaction { db in
                    try await count(outcome, highlights: book.count, lastLine: index + 2, jobID: jobID, on: db)
                }
            } else {
                try await WritePipeline(db: db, now: now, clubEvents: nil).run { db, changes in
                    var outcome = Outcome()
                    if let entryID {
                        outcome = try await add(book, to: entryID, on: db, changes: changes)
                    } else {
                        try await wait(book, position: index, jobID: jobID, keepContent: !job.dryRun, on: db)
                    }
                    try await count(outcome, highlights: book.count, lastLine: index + 2, jobID: jobID, on: db)
                }
            }
            try await afterEach?()
        }
    }

    /// Links a waiting book of the reader's job to one of their books: its highlights go there.
    /// The waiting row is claimed by deleting it, so a second link at once finds nothing (404).
    package func link(waitingID: UUID, of job: ImportJob, to entryID: UUID) async throws {
        let jobID = try job.requireID()
        guard !job.dryRun else {
            throw DomainError(
                .unprocessable, code: .invalidData, "a preview keeps nothing: import the file, then link its books")
        }
        try await WritePipeline(db: db, now: now, clubEvents: nil).run { db, changes in
            guard
                try await LibraryEntry.query(on: db).filter(\.$id == entryID).filter(\.$user.$id == userID).first() != nil
            else { throw DomainError.entryNotFound }
            guard
                let row = try await db.sql.raw(
                    """
                    DELETE FROM import_waiting_books
                    WHERE id = \(bind: waitingID) AND job_id = \(bind: jobID) AND user_id = \(bind: userID)
                    RETURNING title, author, content
                    """
                ).first()
            else { throw DomainError.importBookNotFound }
            let content = try JSONDecoder().decode(
                WaitingContent.self, from: Data(try row.decode(column: "content", as: String.self).utf8))
            var book = HighlightedBook(
                title: try row.decode(column: "title", as: String.self),
                author: try row.decode(column: "author", as: String?.self))
            book.quotes = content.quotes
            book.notes = content.notes
            let outcome = try await add(book, to: entryID, on: db, changes: changes)
            try await count(outcome, highlights: 0, lastLine: nil, jobID: jobID, on: db)
        }
    }

    // MARK: matching and deciding

    /// The reader's books with their titles and authors, for `DeviceBookMatch`.
    func candidates() async throws -> (ids: [UUID], matcher: DeviceBookMatch.Library) {
        let rows = try await db.sql.raw(
            """
            SELECT e.id AS entry_id, w.title AS title, w.subtitle AS subtitle, a.name AS author
            FROM library_entries e JOIN works w ON w.id = e.work_id
            LEFT JOIN work_authors wa ON wa.work_id = w.id LEFT JOIN authors a ON a.id = wa.author_id
            WHERE e.user_id = \(bind: userID) ORDER BY e.id, wa.position
            """
        ).all()
        var ids: [UUID] = []
        var candidates: [DeviceBookMatch.Candidate] = []
        for row in rows {
            let id = try row.decode(column: "entry_id", as: UUID.self)
            if ids.last != id {
                ids.append(id)
                candidates.append(
                    .init(
                        title: try row.decode(column: "title", as: String.self),
                        subtitle: try row.decode(column: "subtitle", as: String?.self), authors: []))
            }
            if let author = try row.decode(column: "author", as: String?.self) {
                candidates[candidates.count - 1].authors.append(author)
            }
        }
        return (ids, DeviceBookMatch.Library(candidates))
    }

    /// An entry's quotes (by device key and by text) and notes, as the decisions need them.
    struct Existing: Sendable {
        struct Quote: Sendable {
            var id: UUID?
            var text: String
            var note: String?
        }
        /// By the place part of their device keys (`HighlightsFile.place(of:)`), with their keys.
        var byPlace: [String: [(key: String, quote: Quote)]] = [:]
        var texts: [String: Quote] = [:]
        var notes: Set<String> = []

        mutating func add(_ quote: Quote, key: String?) {
            if let key {
                let place = HighlightsFile.place(of: key)
                byPlace[place, default: []].removeAll { $0.key == key }
                byPlace[place, default: []].append((key, quote))
            }
            texts[EntryMerge.quoteKey(quote.text)] = quote
        }
    }

    private func existing(_ entryID: UUID, on db: any Database) async throws -> Existing {
        var existing = Existing()
        for row in try await db.sql.raw(
            "SELECT id, text, note, source_key FROM quotes WHERE entry_id = \(bind: entryID)"
        ).all() {
            existing.add(
                .init(
                    id: try row.decode(column: "id", as: UUID.self), text: try row.decode(column: "text", as: String.self),
                    note: try row.decode(column: "note", as: String?.self)),
                key: try row.decode(column: "source_key", as: String?.self))
        }
        existing.notes = Set(
            try await db.sql.raw("SELECT content FROM notes WHERE entry_id = \(bind: entryID)").all()
                .map { EntryMerge.noteKey(try $0.decode(column: "content", as: String.self)) })
        return existing
    }

    enum Decision: Equatable {
        /// A new quote, under this device key.
        case insert(ImportedQuote)
        /// The quote there becomes this one (its text extended, or its note changed).
        case replace(UUID?, ImportedQuote)
        case leave
        case addNote(ImportedNote)
        case leaveNote
    }

    /// What each of a book's highlights and notes does to an entry holding `existing` (updated as
    /// if done). A quote with the same device key is the same highlight when one text holds the
    /// other: replaced when the file's is longer or brings a new note, else left; a different
    /// highlight that starts at the same place has a key of its own (`distinctKey`). A quote with
    /// the same text (typed by hand, another device's) is left, its note brought up to date.
    func decide(_ book: HighlightedBook, against existing: inout Existing) -> [Decision] {
        var decisions: [Decision] = []
        for var quote in book.quotes {
            var same: Existing.Quote?
            if let key = quote.sourceKey {
                let group = existing.byPlace[HighlightsFile.place(of: key)] ?? []
                if let there = group.first(where: { Highlight.sameHighlight($0.quote.text, quote.text) }) {
                    same = there.quote
                    quote.sourceKey = there.key
                } else if group.contains(where: { $0.key == key }) {
                    // Another highlight has this place's key: this one gets its own.
                    quote.sourceKey = HighlightsFile.distinctKey(key, text: quote.text)
                }
            }
            let textKey = EntryMerge.quoteKey(quote.text)
            if same == nil { same = existing.texts[textKey] }
            guard let there = same else {
                decisions.append(.insert(quote))
                existing.add(.init(id: nil, text: quote.text, note: quote.note), key: quote.sourceKey)
                continue
            }
            let longer =
                EntryMerge.quoteKey(there.text) != textKey && textKey.count > there.text.count
                && Highlight.sameHighlight(there.text, quote.text)
            let newNote = quote.note != nil && quote.note != there.note
            if longer || newNote {
                if !longer { quote.text = there.text }
                if quote.note == nil { quote.note = there.note }
                decisions.append(.replace(there.id, quote))
                existing.add(.init(id: there.id, text: quote.text, note: quote.note), key: quote.sourceKey)
            } else {
                decisions.append(.leave)
            }
        }
        for note in book.notes {
            decisions.append(existing.notes.insert(EntryMerge.noteKey(note.content)).inserted ? .addNote(note) : .leaveNote)
        }
        return decisions
    }

    static func outcome(of decisions: [Decision]) -> Outcome {
        var outcome = Outcome()
        for decision in decisions {
            switch decision {
            case .insert, .addNote: outcome.created += 1
            case .replace: outcome.replaced += 1
            case .leave, .leaveNote: outcome.unchanged += 1
            }
        }
        return outcome
    }

    // MARK: writing

    private func add(
        _ book: HighlightedBook, to entryID: UUID, on db: any Database, changes: WriteChanges
    ) async throws -> Outcome {
        var existing = try await existing(entryID, on: db)
        var outcome = Outcome()
        for decision in decide(book, against: &existing) {
            switch decision {
            case .leave, .leaveNote:
                outcome.unchanged += 1
            case .replace(let id, let quote):
                // Every quote of `existing` was read with its id here; only a preview plans ones without.
                guard let id else { continue }
                try await db.sql.update(Quote.schema).set("text", to: quote.text).set("note", to: quote.note)
                    .set("location", to: quote.location).set("page", to: quote.page).set("updated_at", to: now)
                    .where("id", .equal, id).run()
                changes.entryTextChanged(.quote, id, entryID: entryID, of: userID)
                outcome.replaced += 1
            case .insert(let quote):
                // Another import of the same file at once may have written this key first: then
                // it is there, and this one adds nothing.
                let id = UUID.timeOrdered()
                let inserted = try await db.sql.raw(
                    """
                    INSERT INTO quotes (id, entry_id, user_id, text, page, location, note, source_key, created_at, updated_at)
                    VALUES (\(bind: id), \(bind: entryID), \(bind: userID), \(bind: quote.text), \(bind: quote.page),
                      \(bind: quote.location), \(bind: quote.note), \(bind: quote.sourceKey), \(bind: quote.createdAt ?? now),
                      \(bind: now))
                    ON CONFLICT (entry_id, source_key) DO NOTHING RETURNING id
                    """
                ).all()
                guard !inserted.isEmpty else {
                    outcome.unchanged += 1
                    continue
                }
                changes.entryTextChanged(.quote, id, entryID: entryID, of: userID)
                outcome.created += 1
            case .addNote(let imported):
                let note = Note(entryID: entryID, userID: userID, content: imported.content, isDiscussion: false)
                note.createdAt = imported.createdAt ?? now
                note.updatedAt = now
                try await note.create(on: db)
                changes.entryTextChanged(.note, try note.requireID(), entryID: entryID, of: userID)
                outcome.created += 1
            }
        }
        return outcome
    }

    /// The job's counters moved on in SQL (never the whole row saved), so a link made while the
    /// job runs and the run's own books both count.
    private func count(_ outcome: Outcome, highlights: Int, lastLine: Int?, jobID: UUID, on db: any Database) async throws {
        try await db.sql.raw(
            """
            UPDATE imports SET created = created + \(bind: outcome.created), merged = merged + \(bind: outcome.replaced),
              unchanged = unchanged + \(bind: outcome.unchanged), processed = processed + \(bind: highlights),
              last_line = \(unsafeRaw: lastLine.map(String.init) ?? "last_line")
            WHERE id = \(bind: jobID)
            """
        ).run()
    }

    private func wait(_ book: HighlightedBook, position: Int, jobID: UUID, keepContent: Bool, on db: any Database)
        async throws
    {
        let kept = keepContent ? book : HighlightedBook(title: book.title, author: book.author)
        let content = String(
            decoding: try JSONEncoder().encode(WaitingContent(quotes: kept.quotes, notes: kept.notes)), as: UTF8.self)
        try await db.sql.raw(
            """
            INSERT INTO import_waiting_books (id, job_id, user_id, position, title, author, highlights, content, created_at)
            VALUES (\(bind: UUID.timeOrdered()), \(bind: jobID), \(bind: userID), \(bind: position), \(bind: book.title),
              \(bind: book.author), \(bind: book.count), \(bind: content), \(bind: now))
            ON CONFLICT (job_id, position) DO NOTHING
            """
        ).run()
    }
}
