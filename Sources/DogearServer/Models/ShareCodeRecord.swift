import Fluent
import Foundation

/// A share code handed out, and what it opens. Its unique index keeps codes unique across lists
/// and clubs.
final class ShareCodeRecord: Model, @unchecked Sendable {
    static let schema = "share_codes"

    enum Resource: String, Codable, Sendable { case list, club }

    // managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // data
    @Field(key: "code") var code: String
    @Field(key: "resource") var resource: Resource
    @Field(key: "resource_id") var resourceID: UUID

    init() {}

    init(code: String, resource: Resource, resourceID: UUID) {
        self.code = code
        self.resource = resource
        self.resourceID = resourceID
    }
}
