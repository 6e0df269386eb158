import Fluent
import Foundation

final class Author: Model, @unchecked Sendable {
    static let schema = "authors"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

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
