import Foundation
import SQLKit

/// SQLite: a file this process owns. Timestamps are seconds, lists JSON text, and writers take turns.
struct SQLiteDialect: DatabaseDialect {
    var writersTakeTurns: Bool { true }
    var isSharedByProcesses: Bool { false }
    var searchIndex: any SearchIndex { SQLiteSearchIndex() }

    func seconds(_ column: String) -> String { column }
    func textArray(_ column: String) -> String { column }

    func arrayOf(_ value: String, from: String, orderBy: String) -> String {
        "(SELECT json_group_array(\(value) ORDER BY \(orderBy)) FROM \(from))"
    }

    func jsonArray(_ values: [String]) -> String { "json_array(\(values.joined(separator: ", ")))" }
    func titleKey(_ column: String) -> String { AddWorkTitleKeyIndex.key(column, kind: .sqlite) }
    func unpack(_ listColumn: String, as alias: String) -> String { "JOIN json_each(\(listColumn)) AS \(alias)" }

    func daysBetween(_ start: String, _ end: String) -> String {
        "CAST(julianday(\(end)) - julianday(\(start)) AS BIGINT)"
    }

    func isEmptyList(_ column: String) -> String { "json_array_length(\(column)) = 0" }
    /// SQLite compares text by its bytes unless told otherwise: code-point order already.
    func inCodePointOrder(_ column: String) -> String { column }

    var skippingLockedRows: String? { nil }
    func lockRows(of table: String, ids: [UUID], _ strength: RowLock) -> SQLQueryString? { nil }
    func notify(_ channel: String, _ payload: String) -> SQLQueryString? { nil }

    /// A sample of each index (`analysis_limit`), so a big library costs no more than a small one;
    /// the search index's own tables are left to FTS5.
    func refreshStatistics(of tables: [String]) -> [SQLQueryString] {
        ["PRAGMA analysis_limit = 1000"] + tables.filter { $0 != "entry_search" }.map { "ANALYZE \(unsafeRaw: $0)" }
    }

    /// jsonb: the array is parsed once, and each column read from the parsed form.
    func bulkSelect(_ kinds: [BulkInsert.Kind]) -> String {
        kinds.indices.map { "value ->> \($0)" }.joined(separator: ", ")
    }

    func bulkSource(_ json: String) -> SQLQueryString { "FROM jsonb_each(jsonb(\(bind: json)))" }
    var bulkWritesNativeValues: Bool { false }
}
