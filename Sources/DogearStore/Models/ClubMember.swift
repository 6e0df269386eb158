import FluentKit
import Foundation

/// A reader in a club, with their role (owner, admin, member) and whether they hide their progress.
/// `createdAt` is when they joined.
package final class ClubMember: Model, @unchecked Sendable {
    package static let schema = "club_members"

    package enum Role: String, Codable, Sendable { case owner, admin, member }

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "role") package var role: Role
    @Field(key: "hides_progress") package var hidesProgress: Bool

    // relationships
    @Parent(key: "club_id") package var club: Club
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _role, _hidesProgress, _club, _user]
    }

    package init() {}

    package init(clubID: UUID, userID: UUID, role: Role) {
        self.$club.id = clubID
        self.$user.id = userID
        self.role = role
        self.hidesProgress = false
    }
}
