import Fluent
import Foundation

/// A comment in a club's discussion, optionally about a page or a percent of the book (the club's
/// current book when it was written), optionally a reply to a top-level comment.
final class ClubComment: Model, @unchecked Sendable {
    static let schema = "club_comments"

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // data
    @Field(key: "body") var body: String
    @OptionalField(key: "page") var page: Int?
    @OptionalField(key: "percent") var percent: Double?
    @OptionalField(key: "edited_at") var editedAt: Date?

    // relationships
    @Parent(key: "club_id") var club: Club
    @Parent(key: "author_id") var author: User
    @OptionalParent(key: "parent_id") var parent: ClubComment?
    @OptionalParent(key: "work_id") var work: Work?
    @OptionalParent(key: "note_id") var note: Note?

    init() {}

    init(clubID: UUID, authorID: UUID, body: String) {
        self.$club.id = clubID
        self.$author.id = authorID
        self.body = body
    }
}
