import FluentKit
import Foundation

/// A reader's custom list: a name, a manual order of catalog works, public or private, and the
/// share code it is passed on with. The default lists are views over the library, not rows.
package final class ReadingList: Model, @unchecked Sendable {
    package static let schema = "lists"

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "name") package var name: String
    @OptionalField(key: "description") package var summary: String?
    @OptionalField(key: "banner_url") package var bannerURL: String?
    @Field(key: "is_public") package var isPublic: Bool
    @Field(key: "share_code") package var shareCode: String
    @Field(key: "item_count") package var itemCount: Int

    // relationships
    @Parent(key: "user_id") package var owner: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _name, _summary, _bannerURL, _isPublic, _shareCode, _itemCount, _owner]
    }

    package init() {}

    package init(ownerID: UUID, name: String, shareCode: String) {
        self.$owner.id = ownerID
        self.name = name
        self.shareCode = shareCode
        self.isPublic = false
        self.itemCount = 0
    }
}
