import Fluent
import Foundation

/// Joins works and authors, keeping the author order of the cover.
final class WorkAuthor: Model, @unchecked Sendable {
    static let schema = "work_authors"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    @Field(key: "position") var position: Int

    // MARK: relationships
    @Parent(key: "work_id") var work: Work
    @Parent(key: "author_id") var author: Author

    init() {}

    init(workID: UUID, authorID: UUID, position: Int) {
        self.$work.id = workID
        self.$author.id = authorID
        self.position = position
    }
}

extension WorkAuthor {
    /// Author links of new works, all at once (`BulkInsert`).
    struct BulkRow: Sendable {
        let workID: UUID
        let authorID: UUID
        let position: Int
        let now: Date
    }

    static let bulk = BulkTable<BulkRow>(
        "work_authors",
        [
            .init("id", .uuid) { _ in .uuid(UUID.timeOrdered()) },
            .init("work_id", .uuid) { .uuid($0.workID) },
            .init("author_id", .uuid) { .uuid($0.authorID) },
            .init("position", .int) { .int($0.position) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
