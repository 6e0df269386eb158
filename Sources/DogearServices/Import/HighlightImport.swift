import DogearCore
import DogearStore
import DogearTransfer
import FluentKit
import Foundation
import SQLKit

/// A highlights file (Kindle's clippings, KOReader's exports) into the reader's books: each of the
/// file's books is matched to one of theirs by title and author (`DeviceBookMatch`); a matched
/// book's highlights become quotes (a quote already there, by its device key or its text, is
/// left; a Kindle highlight extended since replaces its shorter self); a book matched to none
/// waits in `import_waiting_books` with its highlights until the reader links it to a book.
/// Each book is one transaction with the job's counters, so a stopped job goes on from the next.
package struct HighlightImport {
    package let db: any Database
    package let userID: UUID
    package let now: Date

    /// What one book's highlights did: quotes and notes added, extended ones replaced, ones there already.
    package struct Outcome: Sendable, Equatable {
        package var created = 0
        package var replaced = 0
        package var unchanged = 0
    }

    /// A waiting book's highlights as kept.
    struct WaitingContent: Codable {
        var quotes: [ImportedQuote]
        var notes: [ImportedNote]
    }

    package init(db: any Database, userID: UUID, now: Date) {
        self.db = db
        self.userID = userID
        self.now = now
    }

    /// Runs (or previews, writing only the waiting list) a job's file from the book after the
    /// last one done (`lastLine` counts books done, plus one).
    package func run(_ file: HighlightsFile, job: ImportJob) async throws {
        let library = try await candidates()
        let jobID = try job.requireID()
        if job.dryRun {
            // A preview run again (the server stopped) starts over.
            try await db.sql.delete(from: "import_waiting_books").where("job_id", .equal, jobID).run()
            (job.created, job.merged, job.unchanged, job.processed) = (0, 0, 0, 0)
        }
        for (index, book) in file.books.enumerated() where index + 2 > job.lastLine || job.dryRun {
            try Task.checkCancellation()
            let match = library.matcher.best(title: book.title, author: book.author)
            let entryID = match.map { library.ids[$0] }
            try await WritePipeline(db: db, now: now, clubEvents: nil).run { db, changes in
                if let entryID {
                    let outcome =
                        job.dryRun
                        ? try await plan(book, to: entryID, on: db) : try await add(book, to: entryID, on: db, changes: changes)
                    job.created += outcome.created
                    job.merged += outcome.replaced
                    job.unchanged += outcome.unchanged
                } else {
                    try await wait(book, position: index, jobID: jobID, on: db)
                }
                job.processed += book.count
                job.lastLine = index + 2
                try await job.save(on: db)
            }
        }
    }

    /// Links a waiting book of the reader's job to one of their books: its highlights go there.
    package func link(waitingID: UUID, of job: ImportJob, to entryID: UUID) async throws {
        let jobID = try job.requireID()
        guard !job.dryRun else {
            throw DomainError(
                .unprocessable, code: .invalidData, "a preview keeps nothing: import the file, then link its books")
        }
        try await WritePipeline(db: db, now: now, clubEvents: nil).run { db, changes in
            guard
                let row = try await db.sql.raw(
                    """
                    SELECT title, author, content FROM import_waiting_books
                    WHERE id = \(bind: waitingID) AND job_id = \(bind: jobID) AND user_id = \(bind: userID)
                    """
                ).first()
            else { throw DomainError.importBookNotFound }
            guard
                try await LibraryEntry.query(on: db).filter(\.$id == entryID).filter(\.$user.$id == userID).first() != nil
            else { throw DomainError.entryNotFound }
            let content = try JSONDecoder().decode(
                WaitingContent.self, from: Data(try row.decode(column: "content", as: String.self).utf8))
            var book = HighlightedBook(
                title: try row.decode(column: "title", as: String.self),
                author: try row.decode(column: "author", as: String?.self))
            book.quotes = content.quotes
            book.notes = content.notes
            let outcome = try await add(book, to: entryID, on: db, changes: changes)
            try await db.sql.delete(from: "import_waiting_books").where("id", .equal, waitingID).run()
            job.created += outcome.created
            job.merged += outcome.replaced
            job.unchanged += outcome.unchanged
            try await job.save(on: db)
        }
    }

    // MARK: matching and writing

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

    private struct Existing {
        var id: UUID
        var text: String
        var sourceKey: String?
    }

    private func existing(_ entryID: UUID, on db: any Database) async throws -> (quotes: [Existing], notes: Set<String>) {
        let quotes = try await db.sql.raw("SELECT id, text, source_key FROM quotes WHERE entry_id = \(bind: entryID)").all()
            .map {
                Existing(
                    id: try $0.decode(column: "id", as: UUID.self), text: try $0.decode(column: "text", as: String.self),
                    sourceKey: try $0.decode(column: "source_key", as: String?.self))
            }
        let notes = try await db.sql.raw("SELECT content FROM notes WHERE entry_id = \(bind: entryID)").all()
            .map { EntryMerge.noteKey(try $0.decode(column: "content", as: String.self)) }
        return (quotes, Set(notes))
    }

    /// What `add` would do, with reads only.
    private func plan(_ book: HighlightedBook, to entryID: UUID, on db: any Database) async throws -> Outcome {
        let (quotes, notes) = try await existing(entryID, on: db)
        var outcome = Outcome()
        for quote in book.quotes {
            switch decide(quote, among: quotes) {
            case .insert: outcome.created += 1
            case .replace: outcome.replaced += 1
            case .leave: outcome.unchanged += 1
            }
        }
        for note in book.notes {
            if notes.contains(EntryMerge.noteKey(note.content)) { outcome.unchanged += 1 } else { outcome.created += 1 }
        }
        return outcome
    }

    private enum Decision {
        case insert, leave
        case replace(UUID)
    }

    /// A quote with this device key: the same highlight (replaced only when the file's is
    /// longer: extended since); else one with the same text (typed by hand, or another
    /// device's): left; else new.
    private func decide(_ quote: ImportedQuote, among quotes: [Existing]) -> Decision {
        let text = EntryMerge.quoteKey(quote.text)
        if let key = quote.sourceKey, let same = quotes.first(where: { $0.sourceKey == key }) {
            return EntryMerge.quoteKey(same.text) != text && text.count > same.text.count ? .replace(same.id) : .leave
        }
        return quotes.contains { EntryMerge.quoteKey($0.text) == text } ? .leave : .insert
    }

    private func add(
        _ book: HighlightedBook, to entryID: UUID, on db: any Database, changes: WriteChanges
    ) async throws -> Outcome {
        var (quotes, notes) = try await existing(entryID, on: db)
        var outcome = Outcome()
        for imported in book.quotes {
            let text = imported.text
            switch decide(imported, among: quotes) {
            case .leave:
                outcome.unchanged += 1
            case .replace(let id):
                try await db.sql.update(Quote.schema).set("text", to: text).set("note", to: imported.note)
                    .set("location", to: imported.location).set("page", to: imported.page).set("updated_at", to: now)
                    .where("id", .equal, id).run()
                changes.entryTextChanged(.quote, id, entryID: entryID, of: userID)
                if let index = quotes.firstIndex(where: { $0.id == id }) { quotes[index].text = text }
                outcome.replaced += 1
            case .insert:
                let quote = Quote(entryID: entryID, userID: userID, text: text, page: imported.page)
                quote.location = imported.location
                quote.note = imported.note
                quote.sourceKey = imported.sourceKey
                quote.createdAt = imported.createdAt ?? now
                quote.updatedAt = now
                try await quote.create(on: db)
                let id = try quote.requireID()
                changes.entryTextChanged(.quote, id, entryID: entryID, of: userID)
                quotes.append(Existing(id: id, text: text, sourceKey: imported.sourceKey))
                outcome.created += 1
            }
        }
        for imported in book.notes {
            guard notes.insert(EntryMerge.noteKey(imported.content)).inserted else {
                outcome.unchanged += 1
                continue
            }
            let note = Note(entryID: entryID, userID: userID, content: imported.content, isDiscussion: false)
            note.createdAt = imported.createdAt ?? now
            note.updatedAt = now
            try await note.create(on: db)
            changes.entryTextChanged(.note, try note.requireID(), entryID: entryID, of: userID)
            outcome.created += 1
        }
        return outcome
    }

    private func wait(_ book: HighlightedBook, position: Int, jobID: UUID, on db: any Database) async throws {
        let content = String(
            decoding: try JSONEncoder().encode(WaitingContent(quotes: book.quotes, notes: book.notes)), as: UTF8.self)
        try await db.sql.insert(into: "import_waiting_books")
            .columns("id", "job_id", "user_id", "position", "title", "author", "highlights", "content", "created_at")
            .values(
                SQLBind(UUID.timeOrdered()), SQLBind(jobID), SQLBind(userID), SQLBind(position), SQLBind(book.title),
                SQLBind(book.author), SQLBind(book.count), SQLBind(content), SQLBind(now)
            ).run()
    }
}
