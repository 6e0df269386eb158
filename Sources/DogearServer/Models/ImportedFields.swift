import Fluent
import Foundation

/// The columns of one export format that an entry came with and Dogear has no field for.
final class ImportedFields: Model, @unchecked Sendable {
    static let schema = "imported_fields"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

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

extension ImportedFields {
    /// Kept columns of imported entries, one row per entry and format, all at once (`BulkInsert`).
    struct BulkRow: Sendable {
        let entryID: UUID
        let format: String
        let fields: [String: String]
        let now: Date
    }

    static let bulk = BulkTable<BulkRow>(
        "imported_fields",
        [
            .init("id", .uuid) { _ in .uuid(UUID.timeOrdered()) },
            .init("entry_id", .uuid) { .uuid($0.entryID) },
            .init("format", .text) { .text($0.format) },
            .init("fields", .text) { .text(ImportedFields.encode($0.fields)) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
