import Fluent
import Foundation

/// A book club: its name, join code, visibility and counts; members and books are their own rows.
final class Club: Model, @unchecked Sendable {
    static let schema = "clubs"

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // data
    @Field(key: "name") var name: String
    @OptionalField(key: "description") var summary: String?
    @OptionalField(key: "cover_url") var coverURL: String?
    @Field(key: "is_public") var isPublic: Bool
    /// A code asks to join; an owner or admin approves (`club_join_requests`).
    @Field(key: "approves_joins") var approvesJoins: Bool
    @Field(key: "join_code") var joinCode: String
    @Field(key: "member_count") var memberCount: Int
    @Field(key: "books_completed") var booksCompleted: Int

    // relationships
    @Parent(key: "owner_id") var owner: User

    init() {}

    init(ownerID: UUID, name: String, joinCode: String) {
        self.$owner.id = ownerID
        self.name = name
        self.joinCode = joinCode
        self.isPublic = false
        self.approvesJoins = false
        self.memberCount = 0
        self.booksCompleted = 0
    }
}
