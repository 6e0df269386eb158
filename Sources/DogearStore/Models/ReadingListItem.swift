import FluentKit
import Foundation

/// One work on a list, at a gapped position (`ListOrder`), with an optional note.
package final class ReadingListItem: Model, @unchecked Sendable {
    package static let schema = "list_items"

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "position") package var position: Int64
    @OptionalField(key: "note") package var note: String?

    // relationships
    @Parent(key: "list_id") package var list: ReadingList
    @Parent(key: "work_id") package var work: Work

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _position, _note, _list, _work]
    }

    package init() {}

    package init(listID: UUID, workID: UUID, position: Int64, note: String? = nil) {
        self.$list.id = listID
        self.$work.id = workID
        self.position = position
        self.note = note
    }
}
