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

    // MARK: relationships
    @Parent(key: "entry_id") package var entry: LibraryEntry
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _text, _page, _entry, _user]
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
            .init("created_at", .date) { .date($0.createdAt) },
            .init("updated_at", .date) { .date($0.createdAt) },
        ])
}
