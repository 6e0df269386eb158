import FluentKit
import Foundation

/// Joins works and authors, keeping the author order of the cover.
package final class WorkAuthor: Model, @unchecked Sendable {
    package static let schema = "work_authors"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @Field(key: "position") package var position: Int

    // MARK: relationships
    @Parent(key: "work_id") package var work: Work
    @Parent(key: "author_id") package var author: Author

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _position, _work, _author]
    }

    package init() {}

    package init(workID: UUID, authorID: UUID, position: Int) {
        self.$work.id = workID
        self.$author.id = authorID
        self.position = position
    }
}

extension WorkAuthor {
    /// Author links of new works, all at once (`BulkInsert`).
    package struct BulkRow: Sendable {
        package let workID: UUID
        package let authorID: UUID
        package let position: Int
        package let now: Date

        package init(workID: UUID, authorID: UUID, position: Int, now: Date) {
            self.workID = workID
            self.authorID = authorID
            self.position = position
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
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
