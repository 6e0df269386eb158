import Fluent
import Foundation

/// One work on a list, at a gapped position (`ListOrder`), with an optional note.
final class ReadingListItem: Model, @unchecked Sendable {
    static let schema = "list_items"

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // data
    @Field(key: "position") var position: Int64
    @OptionalField(key: "note") var note: String?

    // relationships
    @Parent(key: "list_id") var list: ReadingList
    @Parent(key: "work_id") var work: Work

    init() {}

    init(listID: UUID, workID: UUID, position: Int64, note: String? = nil) {
        self.$list.id = listID
        self.$work.id = workID
        self.position = position
        self.note = note
    }
}
