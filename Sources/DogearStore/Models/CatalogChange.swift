import DogearCore
import FluentKit
import Foundation

/// One line of the catalog history: a reader filled or changed a cultural field of a shared author
/// or work, or an operator reverted such a line (`dogear catalog revert`).
package final class CatalogChange: Model, @unchecked Sendable {
    package static let schema = "catalog_changes"

    package enum Kind: String, Sendable {
        case fill, change, revert
    }

    @ID(key: .id) package var id: UUID?
    @Field(key: "created_at") package var createdAt: Date

    @Field(key: "record") package var record: String
    @Field(key: "record_id") package var recordID: UUID
    @Field(key: "field") package var field: String
    /// The values as `CatalogFact.Value.stored` writes them; nil: empty.
    @OptionalField(key: "old_value") package var oldValue: String?
    @OptionalField(key: "new_value") package var newValue: String?
    @Field(key: "kind") package var kind: String
    @OptionalParent(key: "user_id") package var user: User?
    @OptionalField(key: "reverts_id") package var revertsID: UUID?
    @OptionalField(key: "reverted_at") package var revertedAt: Date?

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _record, _recordID, _field, _oldValue, _newValue, _kind, _user, _revertsID, _revertedAt]
    }

    package init() {}

    package init(
        fact: CatalogFact, recordID: UUID, old: CatalogFact.Value?, new: CatalogFact.Value?, kind: Kind, userID: UUID?,
        at now: Date
    ) {
        self.record = fact.record.rawValue
        self.recordID = recordID
        self.field = fact.rawValue
        self.oldValue = old?.stored
        self.newValue = new?.stored
        self.kind = kind.rawValue
        self.$user.id = userID
        self.createdAt = now
    }
}
