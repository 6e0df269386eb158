import Fluent
import Foundation

final class Author: Model, @unchecked Sendable {
    static let schema = "authors"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    /// Exactly as written: "J.K. Rowling" and "J. K. Rowling" stay two rows until a person merges them.
    @Field(key: "name") var name: String
    @OptionalField(key: "nationality") var nationality: String?
    @OptionalField(key: "gender") var gender: String?
    @OptionalField(key: "cultural_region") var culturalRegion: String?
    @OptionalField(key: "birth_year") var birthYear: Int?
    @OptionalField(key: "death_year") var deathYear: Int?

    init() {}

    init(name: String) {
        self.name = name
    }
}

extension Author {
    /// New authors as an import writes them, all at once (`BulkInsert`).
    struct BulkRow: Sendable {
        let id: UUID
        let name: String
        let now: Date
    }

    static let bulk = BulkTable<BulkRow>(
        "authors",
        [
            .init("id", .uuid) { .uuid($0.id) },
            .init("name", .text) { .text($0.name) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
