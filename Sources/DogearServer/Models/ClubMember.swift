import Fluent
import Foundation

/// A reader in a club, with their role (owner, admin, member) and whether they hide their progress.
/// `createdAt` is when they joined.
final class ClubMember: Model, @unchecked Sendable {
    static let schema = "club_members"

    enum Role: String, Codable, Sendable { case owner, admin, member }

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // data
    @Field(key: "role") var role: Role
    @Field(key: "hides_progress") var hidesProgress: Bool

    // relationships
    @Parent(key: "club_id") var club: Club
    @Parent(key: "user_id") var user: User

    init() {}

    init(clubID: UUID, userID: UUID, role: Role) {
        self.$club.id = clubID
        self.$user.id = userID
        self.role = role
        self.hidesProgress = false
    }
}
