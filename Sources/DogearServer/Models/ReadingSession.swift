import DogearTransfer
import Fluent
import Foundation

/// One sitting with a book: when, how long, how many pages.
final class ReadingSession: Model, @unchecked Sendable {
    static let schema = "reading_sessions"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

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

extension ReadingSession {
    /// Reading sessions a backup brings, all at once (`BulkInsert`).
    struct BulkRow: Sendable {
        let entryID: UUID
        let session: ImportedSession
        let now: Date
    }

    static let bulk = BulkTable<BulkRow>(
        "reading_sessions",
        [
            .init("id", .uuid) { _ in .uuid(UUID.timeOrdered()) },
            .init("entry_id", .uuid) { .uuid($0.entryID) },
            .init("date", .text) { .text($0.session.date) },
            .init("minutes", .int) { .int($0.session.minutes) },
            .init("pages_read", .int) { .int($0.session.pagesRead) },
            .init("start_page", .int) { .int($0.session.startPage) },
            .init("end_page", .int) { .int($0.session.endPage) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
