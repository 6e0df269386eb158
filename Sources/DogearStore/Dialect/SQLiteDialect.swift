import Foundation
import SQLKit

/// SQLite: a file this process owns. Timestamps are seconds, lists JSON text, and writers take turns.
package struct SQLiteDialect: DatabaseDialect {
    package var writersTakeTurns: Bool { true }
    package var isSharedByProcesses: Bool { false }
    package var searchIndex: any SearchIndex { SQLiteSearchIndex() }

    package func seconds(_ column: String) -> String { column }
    package func textArray(_ column: String) -> String { column }

    package func arrayOf(_ value: String, from: String, orderBy: String) -> String {
        "(SELECT json_group_array(\(value) ORDER BY \(orderBy)) FROM \(from))"
    }

    package func jsonArray(_ values: [String]) -> String { "json_array(\(values.joined(separator: ", ")))" }
    package func titleKey(_ column: String) -> String { AddWorkTitleKeyIndex.key(column, kind: .sqlite) }
    package func unpack(_ listColumn: String, as alias: String) -> String { "JOIN json_each(\(listColumn)) AS \(alias)" }

    package func daysBetween(_ start: String, _ end: String) -> String {
        "CAST(julianday(\(end)) - julianday(\(start)) AS BIGINT)"
    }

    package func isEmptyList(_ column: String) -> String { "json_array_length(\(column)) = 0" }
    /// SQLite compares text by its bytes unless told otherwise: code-point order already.
    package func inCodePointOrder(_ column: String) -> String { column }

    package var skippingLockedRows: String? { nil }
    package func lockRows(of table: String, ids: [UUID], _ strength: RowLock) -> SQLQueryString? { nil }
    package func notify(_ channel: String, _ payload: String) -> SQLQueryString? { nil }

    /// A sample of each index (`analysis_limit`), so a big library costs no more than a small one;
    /// the search index's own tables are left to FTS5.
    package func refreshStatistics(of tables: [String]) -> [SQLQueryString] {
        ["PRAGMA analysis_limit = 1000"] + tables.filter { $0 != "entry_search" }.map { "ANALYZE \(unsafeRaw: $0)" }
    }

    /// jsonb: the array is parsed once, and each column read from the parsed form.
    package func bulkSelect(_ kinds: [BulkInsert.Kind]) -> String {
        kinds.indices.map { "value ->> \($0)" }.joined(separator: ", ")
    }

    package func bulkSource(_ json: String) -> SQLQueryString { "FROM jsonb_each(jsonb(\(bind: json)))" }
    package var bulkWritesNativeValues: Bool { false }
}
