import DogearCore
import Fluent
import Foundation

/// One line of the catalog history: a reader filled or changed a cultural field of a shared author
/// or work, or an operator reverted such a line (`dogear catalog revert`).
final class CatalogChange: Model, @unchecked Sendable {
    static let schema = "catalog_changes"

    enum Kind: String, Sendable {
        case fill, change, revert
    }

    @ID(key: .id) var id: UUID?
    @Field(key: "created_at") var createdAt: Date

    @Field(key: "record") var record: String
    @Field(key: "record_id") var recordID: UUID
    @Field(key: "field") var field: String
    /// The values as `CatalogFact.Value.stored` writes them; nil: empty.
    @OptionalField(key: "old_value") var oldValue: String?
    @OptionalField(key: "new_value") var newValue: String?
    @Field(key: "kind") var kind: String
    @OptionalParent(key: "user_id") var user: User?
    @OptionalField(key: "reverts_id") var revertsID: UUID?
    @OptionalField(key: "reverted_at") var revertedAt: Date?

    init() {}

    init(
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
