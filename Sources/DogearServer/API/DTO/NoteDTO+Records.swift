import DogearServices
import DogearStore
import Foundation

// The API's shapes of the note services' records.

extension NoteDTO {
    package init(_ record: NoteRecord) {
        self.init(
            id: record.id, entryId: record.entryId, content: record.content, discussion: record.discussion,
            createdAt: record.createdAt, updatedAt: record.updatedAt)
    }
}

extension QuoteDTO {
    package init(_ record: QuoteRecord) {
        self.init(
            id: record.id, entryId: record.entryId, text: record.text, page: record.page, createdAt: record.createdAt,
            location: record.location, note: record.note)
    }
}

extension SessionDTO {
    package init(_ record: SessionRecord) {
        self.init(
            id: record.id, entryId: record.entryId, date: record.date, minutes: record.minutes, pagesRead: record.pagesRead,
            startPage: record.startPage, endPage: record.endPage, createdAt: record.createdAt)
    }
}

extension NoteDTO {
    package init(_ note: Note) throws {
        self.init(try NoteRecord(note))
    }
}

extension QuoteDTO {
    package init(_ quote: Quote) throws {
        self.init(try QuoteRecord(quote))
    }
}

extension SessionDTO {
    package init(_ session: ReadingSession) throws {
        self.init(try SessionRecord(session))
    }
}
