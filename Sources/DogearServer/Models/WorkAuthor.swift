import Fluent
import Foundation

/// Joins works and authors, keeping the author order of the cover.
final class WorkAuthor: Model, @unchecked Sendable {
    static let schema = "work_authors"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

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
