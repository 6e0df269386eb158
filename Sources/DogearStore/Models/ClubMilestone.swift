import FluentKit
import Foundation

/// One step of a club book's schedule: "chapters 1–5" or a page or percent, by a date.
package final class ClubMilestone: Model, @unchecked Sendable {
    package static let schema = "club_milestones"

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "position") package var position: Int
    @OptionalField(key: "label") package var label: String?
    @OptionalField(key: "page") package var page: Int?
    @OptionalField(key: "percent") package var percent: Double?
    @Field(key: "due_on") package var dueOn: String
    /// Counts its changes (iCalendar's SEQUENCE for the calendar feed's event).
    @Field(key: "sequence") package var sequence: Int

    // relationships
    @Parent(key: "club_book_id") package var clubBook: ClubBook

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _position, _label, _page, _percent, _dueOn, _sequence, _clubBook]
    }

    package init() {}

    package init(clubBookID: UUID, position: Int, dueOn: String) {
        self.$clubBook.id = clubBookID
        self.position = position
        self.dueOn = dueOn
        self.sequence = 0
    }
}
