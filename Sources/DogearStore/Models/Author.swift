import FluentKit
import Foundation

package final class Author: Model, @unchecked Sendable {
    package static let schema = "authors"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    /// Exactly as written: "J.K. Rowling" and "J. K. Rowling" stay two rows until a person merges them.
    @Field(key: "name") package var name: String
    @OptionalField(key: "nationality") package var nationality: String?
    @OptionalField(key: "gender") package var gender: String?
    @OptionalField(key: "cultural_region") package var culturalRegion: String?
    @OptionalField(key: "birth_year") package var birthYear: Int?
    @OptionalField(key: "death_year") package var deathYear: Int?

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _name, _nationality, _gender, _culturalRegion, _birthYear, _deathYear]
    }

    package init() {}

    package init(name: String) {
        self.name = name
    }
}

extension Author {
    /// New authors as an import writes them, all at once (`BulkInsert`).
    package struct BulkRow: Sendable {
        package let id: UUID
        package let name: String
        package let now: Date

        package init(id: UUID, name: String, now: Date) {
            self.id = id
            self.name = name
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
        "authors",
        [
            .init("id", .uuid) { .uuid($0.id) },
            .init("name", .text) { .text($0.name) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
