import DogearTransfer
import FluentKit
import Foundation

/// One sitting with a book: when, how long, how many pages.
package final class ReadingSession: Model, @unchecked Sendable {
    package static let schema = "reading_sessions"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @Field(key: "date") package var date: String
    @Field(key: "minutes") package var minutes: Int
    @OptionalField(key: "pages_read") package var pagesRead: Int?
    @OptionalField(key: "start_page") package var startPage: Int?
    @OptionalField(key: "end_page") package var endPage: Int?

    // MARK: relationships
    @Parent(key: "entry_id") package var entry: LibraryEntry

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _date, _minutes, _pagesRead, _startPage, _endPage, _entry]
    }

    package init() {}
}

extension ReadingSession {
    /// Reading sessions a backup brings, all at once (`BulkInsert`).
    package struct BulkRow: Sendable {
        package let entryID: UUID
        package let session: ImportedSession
        package let now: Date

        package init(entryID: UUID, session: ImportedSession, now: Date) {
            self.entryID = entryID
            self.session = session
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
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
