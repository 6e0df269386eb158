import DogearServices
import DogearStore
import Vapor

package struct NoteDTO: Content {
    package let id: UUID
    package let entryId: UUID
    package let content: String
    package let discussion: Bool
    @Nullable package var createdAt: Date?
    @Nullable package var updatedAt: Date?

    package init(_ note: Note) throws {
        id = try note.requireID()
        entryId = note.$entry.id
        content = note.content
        discussion = note.isDiscussion
        createdAt = note.createdAt
        updatedAt = note.updatedAt
    }
}

package struct QuoteDTO: Content {
    package let id: UUID
    package let entryId: UUID
    package let text: String
    @Nullable package var page: Int?
    @Nullable package var createdAt: Date?

    package init(_ quote: Quote) throws {
        id = try quote.requireID()
        entryId = quote.$entry.id
        text = quote.text
        page = quote.page
        createdAt = quote.createdAt
    }
}

package struct SessionDTO: Content {
    package let id: UUID
    package let entryId: UUID
    package let date: String
    package let minutes: Int
    @Nullable package var pagesRead: Int?
    @Nullable package var startPage: Int?
    @Nullable package var endPage: Int?
    @Nullable package var createdAt: Date?

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
