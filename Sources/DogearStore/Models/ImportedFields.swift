import FluentKit
import Foundation

/// The columns of one export format that an entry came with and Dogear has no field for.
package final class ImportedFields: Model, @unchecked Sendable {
    package static let schema = "imported_fields"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @Field(key: "format") package var format: String
    /// JSON object, column → text.
    @Field(key: "fields") package var fields: String

    // MARK: relationships
    @Parent(key: "entry_id") package var entry: LibraryEntry

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _format, _fields, _entry]
    }

    package init() {}

    package init(entryID: UUID, format: String, fields: [String: String]) {
        self.$entry.id = entryID
        self.format = format
        self.fields = Self.encode(fields)
    }

    package var values: [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: Data(fields.utf8))) ?? [:]
    }

    /// `{"column":"value",…}`, keys in order, written with the bulk rows' escaping: a JSONEncoder
    /// per row boxing every pair was 1.5% of an import's writer thread.
    package static func encode(_ fields: [String: String]) -> String {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (index, key) in fields.keys.sorted().enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            BulkInsert.appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            BulkInsert.appendString(fields[key]!, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}

extension ImportedFields {
    /// Kept columns of imported entries, one row per entry and format, all at once (`BulkInsert`).
    package struct BulkRow: Sendable {
        package let entryID: UUID
        package let format: String
        package let fields: [String: String]
        package let now: Date

        package init(entryID: UUID, format: String, fields: [String: String], now: Date) {
            self.entryID = entryID
            self.format = format
            self.fields = fields
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
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
