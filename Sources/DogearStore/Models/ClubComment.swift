import FluentKit
import Foundation

/// A comment in a club's discussion, optionally about a page or a percent of the book (the club's
/// current book when it was written), optionally a reply in a top-level comment's thread, answering
/// that comment or another reply (`replyTo`).
package final class ClubComment: Model, @unchecked Sendable {
    package static let schema = "club_comments"

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "body") package var body: String
    @OptionalField(key: "page") package var page: Int?
    @OptionalField(key: "percent") package var percent: Double?
    @OptionalField(key: "edited_at") package var editedAt: Date?

    // relationships
    @Parent(key: "club_id") package var club: Club
    @Parent(key: "author_id") package var author: User
    @OptionalParent(key: "parent_id") package var parent: ClubComment?
    /// The comment this one answers (the top-level one or a reply in its thread).
    @OptionalParent(key: "reply_to_id") package var replyTo: ClubComment?
    @OptionalParent(key: "work_id") package var work: Work?
    @OptionalParent(key: "note_id") package var note: Note?

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _body, _page, _percent, _editedAt, _club, _author, _parent, _replyTo, _work, _note]
    }

    package init() {}

    package init(clubID: UUID, authorID: UUID, body: String) {
        self.$club.id = clubID
        self.$author.id = authorID
        self.body = body
    }
}
