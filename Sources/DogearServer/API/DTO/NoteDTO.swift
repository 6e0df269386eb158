import DogearStore
import Vapor

struct NoteDTO: Content {
    let id: UUID
    let entryId: UUID
    let content: String
    let discussion: Bool
    @Nullable var createdAt: Date?
    @Nullable var updatedAt: Date?

    init(_ note: Note) throws {
        id = try note.requireID()
        entryId = note.$entry.id
        content = note.content
        discussion = note.isDiscussion
        createdAt = note.createdAt
        updatedAt = note.updatedAt
    }
}

struct QuoteDTO: Content {
    let id: UUID
    let entryId: UUID
    let text: String
    @Nullable var page: Int?
    @Nullable var createdAt: Date?

    init(_ quote: Quote) throws {
        id = try quote.requireID()
        entryId = quote.$entry.id
        text = quote.text
        page = quote.page
        createdAt = quote.createdAt
    }
}

struct SessionDTO: Content {
    let id: UUID
    let entryId: UUID
    let date: String
    let minutes: Int
    @Nullable var pagesRead: Int?
    @Nullable var startPage: Int?
    @Nullable var endPage: Int?
    @Nullable var createdAt: Date?

    init(_ session: ReadingSession) throws {
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
