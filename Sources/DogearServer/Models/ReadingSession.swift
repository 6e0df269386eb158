import Fluent
import Foundation

/// One sitting with a book: when, how long, how many pages.
final class ReadingSession: Model, @unchecked Sendable {
    static let schema = "reading_sessions"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    // MARK: data
    @Field(key: "date") var date: String
    @Field(key: "minutes") var minutes: Int
    @OptionalField(key: "pages_read") var pagesRead: Int?
    @OptionalField(key: "start_page") var startPage: Int?
    @OptionalField(key: "end_page") var endPage: Int?

    // MARK: relationships
    @Parent(key: "entry_id") var entry: LibraryEntry

    init() {}
}
