import DogearCore
import FluentKit
import Foundation

/// An identifier another catalog gave a work, edition or author.
package final class ExternalID: Model, @unchecked Sendable {
    package static let schema = "external_ids"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @Field(key: "kind") package var kind: String
    @Field(key: "value") package var value: String

    // MARK: relationships
    @OptionalParent(key: "work_id") package var work: Work?
    @OptionalParent(key: "edition_id") package var edition: Edition?
    @OptionalParent(key: "author_id") package var author: Author?

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _kind, _value, _work, _edition, _author]
    }

    package init() {}

    package init(kind: ExternalIDKind, value: String, workID: UUID? = nil, editionID: UUID? = nil, authorID: UUID? = nil) {
        self.kind = kind.rawValue
        self.value = value
        self.$work.id = workID
        self.$edition.id = editionID
        self.$author.id = authorID
    }
}

extension ExternalID {
    /// Work-level identifiers an import brings, all at once (`BulkInsert`).
    package struct BulkRow: Sendable {
        package let workID: UUID
        package let kind: String
        package let value: String
        package let now: Date

        package init(workID: UUID, kind: String, value: String, now: Date) {
            self.workID = workID
            self.kind = kind
            self.value = value
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
        "external_ids",
        [
            .init("id", .uuid) { _ in .uuid(UUID.timeOrdered()) },
            .init("work_id", .uuid) { .uuid($0.workID) },
            .init("kind", .text) { .text($0.kind) },
            .init("value", .text) { .text($0.value) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
