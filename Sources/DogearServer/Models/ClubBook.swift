import Fluent
import Foundation

/// A book a club read or is reading: the current one has no end date.
final class ClubBook: Model, @unchecked Sendable {
    static let schema = "club_books"

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // data
    @Field(key: "started_on") var startedOn: String
    @OptionalField(key: "finished_on") var finishedOn: String?

    // relationships
    @Parent(key: "club_id") var club: Club
    @Parent(key: "work_id") var work: Work

    init() {}

    init(clubID: UUID, workID: UUID, startedOn: String) {
        self.$club.id = clubID
        self.$work.id = workID
        self.startedOn = startedOn
    }
}
