import Foundation

/// A table written by `BulkInsert`: each column's name, kind and where its value comes from in one
/// line, so the list of columns and the values of a row cannot drift apart. Each bulk-written table
/// declares one, beside its model (`LibraryEntry.bulk`, `Note.bulk`, …); the model reads the same rows.
package struct BulkTable<Row>: Sendable {
    package struct Column: Sendable {
        package let name: String
        package let kind: BulkInsert.Kind
        package let value: @Sendable (Row) -> BulkInsert.Value

        package init(_ name: String, _ kind: BulkInsert.Kind, _ value: @escaping @Sendable (Row) -> BulkInsert.Value) {
            self.name = name
            self.kind = kind
            self.value = value
        }
    }

    package let name: String
    package let columns: [Column]

    package init(_ name: String, _ columns: [Column]) {
        self.name = name
        self.columns = columns
    }
}

extension BulkInsert {
    package func insert<Row>(_ table: BulkTable<Row>, _ rows: [Row], onConflict: String? = nil) async throws {
        try await insert(
            into: table.name, table.columns.map { ($0.name, $0.kind) },
            rows: rows.map { row in table.columns.map { $0.value(row) } }, onConflict: onConflict)
    }
}
