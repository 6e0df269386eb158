import FluentKit
import Foundation

/// A book a club read or is reading: the current one has no end date.
package final class ClubBook: Model, @unchecked Sendable {
    package static let schema = "club_books"

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "started_on") package var startedOn: String
    @OptionalField(key: "finished_on") package var finishedOn: String?

    // relationships
    @Parent(key: "club_id") package var club: Club
    @Parent(key: "work_id") package var work: Work

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _startedOn, _finishedOn, _club, _work]
    }

    package init() {}

    package init(clubID: UUID, workID: UUID, startedOn: String) {
        self.$club.id = clubID
        self.$work.id = workID
        self.startedOn = startedOn
    }
}
