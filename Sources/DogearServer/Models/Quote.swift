import Fluent
import Foundation

final class Quote: Model, @unchecked Sendable {
    static let schema = "quotes"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

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
