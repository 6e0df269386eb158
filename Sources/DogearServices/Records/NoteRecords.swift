import DogearCore
import DogearStore
import Foundation

// What the note services answer with. The API's DTOs are built from these (API/DTO/NoteDTO+Records.swift)
// and the pages read them directly, so the JSON can change without the services or the pages.

package struct NoteRecord: Sendable, Equatable {
    package var id: UUID
    package var entryId: UUID
    package var content: String
    package var discussion: Bool
    package var createdAt: Date?
    package var updatedAt: Date?

    package init(id: UUID, entryId: UUID, content: String, discussion: Bool, createdAt: Date? = nil, updatedAt: Date? = nil) {
        self.id = id
        self.entryId = entryId
        self.content = content
        self.discussion = discussion
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    package init(_ note: Note) throws {
        id = try note.requireID()
        entryId = note.$entry.id
        content = note.content
        discussion = note.isDiscussion
        createdAt = note.createdAt
        updatedAt = note.updatedAt
    }
}

package struct QuoteRecord: Sendable, Equatable {
    package var id: UUID
    package var entryId: UUID
    package var text: String
    package var page: Int?
    package var createdAt: Date?
    /// From an e-reader's highlights: its location and the reader's note on the passage.
    package var location: String?
    package var note: String?

    package init(
        id: UUID, entryId: UUID, text: String, page: Int? = nil, createdAt: Date? = nil, location: String? = nil,
        note: String? = nil
    ) {
        self.id = id
        self.entryId = entryId
        self.text = text
        self.page = page
        self.createdAt = createdAt
        self.location = location
        self.note = note
    }

    package init(_ quote: Quote) throws {
        id = try quote.requireID()
        entryId = quote.$entry.id
        text = quote.text
        page = quote.page
        createdAt = quote.createdAt
        location = quote.location
        note = quote.note
    }
}

package struct SessionRecord: Sendable, Equatable {
    package var id: UUID
    package var entryId: UUID
    package var date: String
    package var minutes: Int
    package var pagesRead: Int?
    package var startPage: Int?
    package var endPage: Int?
    package var createdAt: Date?

    package init(
        id: UUID, entryId: UUID, date: String, minutes: Int, pagesRead: Int? = nil, startPage: Int? = nil, endPage: Int? = nil,
        createdAt: Date? = nil
    ) {
        self.id = id
        self.entryId = entryId
        self.date = date
        self.minutes = minutes
        self.pagesRead = pagesRead
        self.startPage = startPage
        self.endPage = endPage
        self.createdAt = createdAt
    }

    package init(_ session: ReadingSession) throws {
        id = try session.requireID()
        entryId = session.$entry.id
        date = session.date
        minutes = session.minutes
        pagesRead = session.pagesRead
        startPage = session.startPage
        endPage = session.endPage
        createdAt = session.createdAt
    }
}
