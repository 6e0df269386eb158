import Fluent
import Foundation

/// One step of a club book's schedule: "chapters 1–5" or a page or percent, by a date.
final class ClubMilestone: Model, @unchecked Sendable {
    static let schema = "club_milestones"

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // data
    @Field(key: "position") var position: Int
    @OptionalField(key: "label") var label: String?
    @OptionalField(key: "page") var page: Int?
    @OptionalField(key: "percent") var percent: Double?
    @Field(key: "due_on") var dueOn: String

    // relationships
    @Parent(key: "club_book_id") var clubBook: ClubBook

    init() {}

    init(clubBookID: UUID, position: Int, dueOn: String) {
        self.$clubBook.id = clubBookID
        self.position = position
        self.dueOn = dueOn
    }
}
