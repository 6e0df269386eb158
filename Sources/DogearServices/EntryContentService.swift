import DogearCore
import DogearStore
import FluentKit
import Foundation

/// What a reader writes about a book: reading sessions, notes and quotes. Each belongs to one of the
/// user's entries; another user's entry, note or quote is "not found".
package struct EntryContentService {
    package let library: LibraryService
    package var db: any Database { library.db }
    package var userID: UUID { get throws { try library.user.requireID() } }

    // MARK: sessions

    /// Logs a session: adds its minutes to the total and, when it moves the reader past their current
    /// page, updates progress (which may start or finish the book).
    package func addSession(to entryID: UUID, _ request: SessionInput) async throws -> ReadingSession {
        guard let date = try EntryDraft.date(request.date, field: "date") else {
            throw ValidationError(field: "date", "is required (yyyy-MM-dd)")
        }
        let minutes = try Validate.number(request.minutes, field: "minutes", in: Limits.sessionMinutes)
        var pagesRead = request.pagesRead
        if let pages = pagesRead { _ = try Validate.number(pages, field: "pagesRead", in: 0...Limits.pageCount.upperBound) }
        switch (request.startPage, request.endPage) {
        case (let start?, let end?):
            guard pagesRead == nil else {
                throw ValidationError(field: "pagesRead", "give pagesRead or startPage and endPage, not both")
            }
            _ = try Validate.number(start, field: "startPage", in: 0...Limits.pageCount.upperBound)
            _ = try Validate.number(end, field: "endPage", in: 0...Limits.pageCount.upperBound)
            guard end >= start else { throw ValidationError(field: "endPage", "must not be before startPage (\(start))") }
            pagesRead = end - start
        case (nil, nil):
            break
        case (nil, _):
            throw ValidationError(field: "startPage", "is required with endPage")
        case (_, nil):
            throw ValidationError(field: "endPage", "is required with startPage")
        }
        let pagesInSession = pagesRead
        let userID = try userID
        return try await library.write { db, changes in
            let entry = try await library.entry(entryID, on: db)
            let before = WriteChanges.EntryBefore(entry)
            let length = try await library.bookLength(of: entry, on: db)
            let current = entry.currentPage ?? 0
            var target: Int?
            if let end = request.endPage {
                if let total = length.pageCount, end > total {
                    throw ValidationError(field: "endPage", "is past the last page (\(total)); got \(end)")
                }
                target = end
            } else if let pages = pagesInSession, pages > 0 {
                target = min(current + pages, length.pageCount ?? Int.max)
            }
            if let target, target > current, entry.status != .read {
                let result = try ProgressRules.update(
                    entry.readingState, with: .page(target), length: length, today: library.today)
                entry.readingState = result.state
                try await library.archive(result.archived, of: entry, on: db)
            }
            entry.totalMinutes += minutes
            // A session is reading even when it does not move the page (Home's order).
            entry.lastReadAt = library.now
            try await entry.saveChanges(on: db)

            let session = ReadingSession()
            session.$entry.id = entryID
            session.date = date.description
            session.minutes = minutes
            session.pagesRead = pagesInSession
            session.startPage = request.startPage
            session.endPage = request.endPage
            try await session.create(on: db)
            changes.changed(.session, try session.requireID(), of: userID)
            // A session that moves the page is progress the reader's clubs hear of, like any other.
            try changes.entryChanged(entry, before: before)
            return session
        }
    }

    package func sessions(of entryID: UUID) async throws -> [ReadingSession] {
        _ = try await library.entry(entryID)
        return try await ReadingSession.query(on: db).filter(\.$entry.$id == entryID)
            .sort(\.$date, .descending).sort(\.$createdAt, .descending).all()
    }

    // MARK: notes

    package func addNote(to entryID: UUID, _ request: NoteInput) async throws -> Note {
        let content = try Validate.text(request.content, field: "content", length: Limits.noteLength)
        _ = try await library.entry(entryID)
        let note = Note(entryID: entryID, userID: try userID, content: content, isDiscussion: request.discussion ?? false)
        try await library.write { db, changes in
            try await note.create(on: db)
            changes.entryTextChanged(.note, try note.requireID(), entryID: entryID, of: note.$user.id)
        }
        return note
    }

    package func notes(of entryID: UUID) async throws -> [Note] {
        _ = try await library.entry(entryID)
        return try await Note.query(on: db).filter(\.$entry.$id == entryID).sort(\.$createdAt, .descending).all()
    }

    package func note(_ id: UUID) async throws -> Note {
        guard let note = try await Note.query(on: db).filter(\.$id == id).filter(\.$user.$id == userID).first() else {
            throw DomainError.noteNotFound
        }
        return note
    }

    package func updateNote(_ id: UUID, _ request: NoteUpdateInput) async throws -> Note {
        let content = try request.content.map { try Validate.text($0, field: "content", length: Limits.noteLength) }
        let note = try await note(id)
        if let content { note.content = content }
        if let discussion = request.discussion { note.isDiscussion = discussion }
        try await library.write { db, changes in
            try await note.save(on: db)
            changes.entryTextChanged(.note, id, entryID: note.$entry.id, of: note.$user.id)
        }
        return note
    }

    package func deleteNote(_ id: UUID) async throws {
        let note = try await note(id)
        try await library.write { db, changes in
            try await note.delete(on: db)
            changes.entryTextChanged(.note, id, entryID: note.$entry.id, of: note.$user.id, deleted: true)
        }
    }

    // MARK: quotes

    package func addQuote(to entryID: UUID, _ request: QuoteInput) async throws -> Quote {
        let text = try Validate.text(request.text, field: "text", length: Limits.quoteLength)
        if let page = request.page { _ = try Validate.number(page, field: "page", in: Limits.pageCount) }
        _ = try await library.entry(entryID)
        let quote = Quote(entryID: entryID, userID: try userID, text: text, page: request.page)
        try await library.write { db, changes in
            try await quote.create(on: db)
            changes.entryTextChanged(.quote, try quote.requireID(), entryID: entryID, of: quote.$user.id)
        }
        return quote
    }

    package func quotes(of entryID: UUID) async throws -> [Quote] {
        _ = try await library.entry(entryID)
        return try await Quote.query(on: db).filter(\.$entry.$id == entryID).sort(\.$createdAt, .descending).all()
    }

    package func deleteQuote(_ id: UUID) async throws {
        guard let quote = try await Quote.query(on: db).filter(\.$id == id).filter(\.$user.$id == userID).first() else {
            throw DomainError.quoteNotFound
        }
        try await library.write { db, changes in
            try await quote.delete(on: db)
            changes.entryTextChanged(.quote, id, entryID: quote.$entry.id, of: quote.$user.id, deleted: true)
        }
    }

    package init(library: LibraryService) {
        self.library = library
    }
}
