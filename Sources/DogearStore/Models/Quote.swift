import DogearTransfer
import FluentKit
import Foundation

package final class Quote: Model, @unchecked Sendable {
    package static let schema = "quotes"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @Field(key: "text") package var text: String
    @OptionalField(key: "page") package var page: Int?
    /// An e-reader's location ("180-182"), the reader's note on the passage, and which device's
    /// highlight it is (`AddHighlightSources`).
    @OptionalField(key: "location") package var location: String?
    @OptionalField(key: "note") package var note: String?
    @OptionalField(key: "source_key") package var sourceKey: String?

    // MARK: relationships
    @Parent(key: "entry_id") package var entry: LibraryEntry
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _text, _page, _location, _note, _sourceKey, _entry, _user]
    }

    package init() {}

    package init(entryID: UUID, userID: UUID, text: String, page: Int?) {
        self.$entry.id = entryID
        self.$user.id = userID
        self.text = text
        self.page = page
    }
}

extension Quote {
    /// Imported quotes, all at once (`BulkInsert`); `createdAt` as for notes.
    package struct BulkRow: Sendable {
        package let entryID: UUID
        package let userID: UUID
        package let quote: ImportedQuote
        package let now: Date
        package var createdAt: Date { quote.createdAt ?? now }

        package init(entryID: UUID, userID: UUID, quote: ImportedQuote, now: Date) {
            self.entryID = entryID
            self.userID = userID
            self.quote = quote
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
        "quotes",
        [
            .init("id", .uuid) { _ in .uuid(UUID.timeOrdered()) },
            .init("entry_id", .uuid) { .uuid($0.entryID) },
            .init("user_id", .uuid) { .uuid($0.userID) },
            .init("text", .text) { .text($0.quote.text) },
            .init("page", .int) { .int($0.quote.page) },
            .init("location", .text) { .text($0.quote.location) },
            .init("note", .text) { .text($0.quote.note) },
            .init("source_key", .text) { .text($0.quote.sourceKey) },
            .init("created_at", .date) { .date($0.createdAt) },
            .init("updated_at", .date) { .date($0.createdAt) },
        ])
}
