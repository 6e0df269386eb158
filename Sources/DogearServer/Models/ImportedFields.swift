import Fluent
import Foundation

/// The columns of one export format that an entry came with and Dogear has no field for.
final class ImportedFields: Model, @unchecked Sendable {
    static let schema = "imported_fields"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    // MARK: data
    @Field(key: "format") var format: String
    /// JSON object, column → text.
    @Field(key: "fields") var fields: String

    // MARK: relationships
    @Parent(key: "entry_id") var entry: LibraryEntry

    init() {}

    init(entryID: UUID, format: String, fields: [String: String]) {
        self.$entry.id = entryID
        self.format = format
        self.fields = Self.encode(fields)
    }

    var values: [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: Data(fields.utf8))) ?? [:]
    }

    static func encode(_ fields: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(fields)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
