import FluentKit
import Foundation

/// A club's meeting: planned with its date, or a date poll until the owner or an admin decides
/// (`startsAt` nil until then). Cancelled meetings stay (`cancelledAt`), so calendars hear of it;
/// `sequence` counts the changes a calendar must notice (iCalendar's SEQUENCE).
package final class ClubMeeting: Model, @unchecked Sendable {
    package static let schema = "club_meetings"

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "title") package var title: String
    @OptionalField(key: "starts_at") package var startsAt: Date?
    @OptionalField(key: "ends_at") package var endsAt: Date?
    @OptionalField(key: "place") package var place: String?
    @OptionalField(key: "link") package var link: String?
    /// The IANA zone it was planned in, named beside the UTC times.
    @Field(key: "time_zone") package var timeZone: String
    @Field(key: "sequence") package var sequence: Int
    @OptionalField(key: "cancelled_at") package var cancelledAt: Date?

    // relationships
    @Parent(key: "club_id") package var club: Club
    /// Nil once its planner's account is gone.
    @OptionalParent(key: "created_by") package var createdBy: User?
    @OptionalParent(key: "milestone_id") package var milestone: ClubMilestone?

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [
            _id, _createdAt, _updatedAt, _title, _startsAt, _endsAt, _place, _link, _timeZone, _sequence, _cancelledAt,
            _club, _createdBy, _milestone,
        ]
    }

    package init() {}

    package init(clubID: UUID, createdBy: UUID, title: String, timeZone: String) {
        self.$club.id = clubID
        self.$createdBy.id = createdBy
        self.title = title
        self.timeZone = timeZone
        self.sequence = 0
    }
}

/// One of a date poll's times.
package final class MeetingOption: Model, @unchecked Sendable {
    package static let schema = "meeting_options"

    @ID(key: .id) package var id: UUID?
    @Field(key: "starts_at") package var startsAt: Date
    @Parent(key: "meeting_id") package var meeting: ClubMeeting

    /// Listed by hand, as for every model (`ModelPropertiesTests`).
    package var properties: [any AnyProperty] { [_id, _startsAt, _meeting] }

    package init() {}

    package init(meetingID: UUID, startsAt: Date) {
        self.$meeting.id = meetingID
        self.startsAt = startsAt
    }
}
