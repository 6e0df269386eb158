import FluentKit
import Foundation

/// A book club: its name, join code, visibility and counts; members and books are their own rows.
package final class Club: Model, @unchecked Sendable {
    package static let schema = "clubs"

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "name") package var name: String
    @OptionalField(key: "description") package var summary: String?
    @OptionalField(key: "cover_url") package var coverURL: String?
    @Field(key: "is_public") package var isPublic: Bool
    /// A code asks to join; an owner or admin approves (`club_join_requests`).
    @Field(key: "approves_joins") package var approvesJoins: Bool
    @Field(key: "join_code") package var joinCode: String
    @Field(key: "member_count") package var memberCount: Int
    @Field(key: "books_completed") package var booksCompleted: Int

    // relationships
    @Parent(key: "owner_id") package var owner: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [
            _id, _createdAt, _updatedAt, _name, _summary, _coverURL, _isPublic, _approvesJoins, _joinCode, _memberCount,
            _booksCompleted, _owner,
        ]
    }

    package init() {}

    package init(ownerID: UUID, name: String, joinCode: String) {
        self.$owner.id = ownerID
        self.name = name
        self.joinCode = joinCode
        self.isPublic = false
        self.approvesJoins = false
        self.memberCount = 0
        self.booksCompleted = 0
    }
}
