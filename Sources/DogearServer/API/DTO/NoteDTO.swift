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

}

package struct QuoteDTO: Content {
    package let id: UUID
    package let entryId: UUID
    package let text: String
    @Nullable package var page: Int?
    @Nullable package var createdAt: Date?
    /// From an e-reader's highlights (`POST /api/v1/imports`): its location and the reader's note.
    @Nullable package var location: String? = nil
    @Nullable package var note: String? = nil
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

}
