import Fluent
import Foundation

/// A reader's custom list: a name, a manual order of catalog works, public or private, and the
/// share code it is passed on with. The default lists are views over the library, not rows.
final class ReadingList: Model, @unchecked Sendable {
    static let schema = "lists"

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // data
    @Field(key: "name") var name: String
    @OptionalField(key: "description") var summary: String?
    @OptionalField(key: "banner_url") var bannerURL: String?
    @Field(key: "is_public") var isPublic: Bool
    @Field(key: "share_code") var shareCode: String
    @Field(key: "item_count") var itemCount: Int

    // relationships
    @Parent(key: "user_id") var owner: User

    init() {}

    init(ownerID: UUID, name: String, shareCode: String) {
        self.$owner.id = ownerID
        self.name = name
        self.shareCode = shareCode
        self.isPublic = false
        self.itemCount = 0
    }
}
