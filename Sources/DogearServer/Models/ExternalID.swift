import DogearCore
import Fluent
import Foundation

/// An identifier another catalog gave a work, edition or author.
final class ExternalID: Model, @unchecked Sendable {
    static let schema = "external_ids"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    @Field(key: "kind") var kind: String
    @Field(key: "value") var value: String

    // MARK: relationships
    @OptionalParent(key: "work_id") var work: Work?
    @OptionalParent(key: "edition_id") var edition: Edition?
    @OptionalParent(key: "author_id") var author: Author?

    init() {}

    init(kind: ExternalIDKind, value: String, workID: UUID? = nil, editionID: UUID? = nil, authorID: UUID? = nil) {
        self.kind = kind.rawValue
        self.value = value
        self.$work.id = workID
        self.$edition.id = editionID
        self.$author.id = authorID
    }
}

extension ExternalID {
    /// Work-level identifiers an import brings, all at once (`BulkInsert`).
    struct BulkRow: Sendable {
        let workID: UUID
        let kind: String
        let value: String
        let now: Date
    }

    static let bulk = BulkTable<BulkRow>(
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
