import FluentKit
import Foundation

/// A reader's login for an e-reader's progress sync (KOReader): the username the device sends and
/// the SHA-256 of the key it derives from the generated password. Opens `/kosync` only.
package final class DeviceLogin: Model, @unchecked Sendable {
    package static let schema = "device_logins"

    @ID(key: .id) package var id: UUID?
    @Parent(key: "user_id") package var user: User
    @Field(key: "username") package var username: String
    @Field(key: "key_hash") package var keyHash: String
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    /// Recorded at most once a minute.
    @OptionalField(key: "last_used_at") package var lastUsedAt: Date?

    package init() {}

    package init(userID: UUID, username: String, keyHash: String, now: Date) {
        self.id = .timeOrdered()
        self.$user.id = userID
        self.username = username
        self.keyHash = keyHash
        self.createdAt = now
    }
}
