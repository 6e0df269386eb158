import DogearTransfer
import Fluent
import Foundation

final class Quote: Model, @unchecked Sendable {
    static let schema = "quotes"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    @Field(key: "text") var text: String
    @OptionalField(key: "page") var page: Int?

    // MARK: relationships
    @Parent(key: "entry_id") var entry: LibraryEntry
    @Parent(key: "user_id") var user: User

    init() {}

    init(entryID: UUID, userID: UUID, text: String, page: Int?) {
        self.$entry.id = entryID
        self.$user.id = userID
        self.text = text
        self.page = page
    }
}

extension Quote {
    /// Imported quotes, all at once (`BulkInsert`); `createdAt` as for notes.
    struct BulkRow: Sendable {
        let entryID: UUID
        let userID: UUID
        let quote: ImportedQuote
        let now: Date
        var createdAt: Date { quote.createdAt ?? now }
    }

    static let bulk = BulkTable<BulkRow>(
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
