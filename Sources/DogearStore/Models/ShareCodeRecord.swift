import FluentKit
import Foundation

/// A share code handed out, and what it opens. Its unique index keeps codes unique across lists
/// and clubs.
package final class ShareCodeRecord: Model, @unchecked Sendable {
    package static let schema = "share_codes"

    package enum Resource: String, Codable, Sendable { case list, club }

    // managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // data
    @Field(key: "code") package var code: String
    @Field(key: "resource") package var resource: Resource
    @Field(key: "resource_id") package var resourceID: UUID

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _code, _resource, _resourceID]
    }

    package init() {}

    package init(code: String, resource: Resource, resourceID: UUID) {
        self.code = code
        self.resource = resource
        self.resourceID = resourceID
    }
}
