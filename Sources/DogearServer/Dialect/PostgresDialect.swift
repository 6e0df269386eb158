import Foundation
import SQLKit

/// PostgreSQL: a server several processes share. Timestamps are `timestamptz`, lists `TEXT[]`, rows
/// are locked where two processes could write the same thing, and `NOTIFY` reaches every process.
struct PostgresDialect: DatabaseDialect {
    var writersTakeTurns: Bool { false }
    var isSharedByProcesses: Bool { true }
    var searchIndex: any SearchIndex { PostgresSearchIndex() }

    func seconds(_ column: String) -> String { "CAST(EXTRACT(EPOCH FROM \(column)) AS DOUBLE PRECISION)" }
    func textArray(_ column: String) -> String { "CAST(array_to_json(\(column)) AS TEXT)" }

    func arrayOf(_ value: String, from: String, orderBy: String) -> String {
        "(SELECT CAST(COALESCE(json_agg(\(value) ORDER BY \(orderBy)), '[]') AS TEXT) FROM \(from))"
    }

    func jsonArray(_ values: [String]) -> String { "json_build_array(\(values.joined(separator: ", ")))" }
    func titleKey(_ column: String) -> String { AddWorkTitleKeyIndex.key(column, kind: .postgres) }

    func unpack(_ listColumn: String, as alias: String) -> String {
        "CROSS JOIN LATERAL unnest(\(listColumn)) AS \(alias)(value)"
    }

    func daysBetween(_ start: String, _ end: String) -> String { "CAST(\(end) AS DATE) - CAST(\(start) AS DATE)" }
    func isEmptyList(_ column: String) -> String { "cardinality(\(column)) = 0" }
    /// The database's collation may order by language rules; `C` orders by code point.
    func inCodePointOrder(_ column: String) -> String { "\(column) COLLATE \"C\"" }

    var skippingLockedRows: String? { " FOR UPDATE SKIP LOCKED" }

    func lockRows(of table: String, ids: [UUID], _ strength: RowLock) -> SQLQueryString? {
        let mode = strength == .update ? "FOR UPDATE" : "FOR NO KEY UPDATE"
        return "SELECT id FROM \(unsafeRaw: table) WHERE id IN (\(binds: ids)) ORDER BY id \(unsafeRaw: mode)"
    }

    func notify(_ channel: String, _ payload: String) -> SQLQueryString? {
        "SELECT pg_notify(\(bind: channel), \(bind: payload))"
    }

    func refreshStatistics(of tables: [String]) -> [SQLQueryString] {
        ["ANALYZE \(unsafeRaw: tables.joined(separator: ", "))"]
    }

    func bulkSelect(_ kinds: [BulkInsert.Kind]) -> String {
        kinds.enumerated().map { index, kind in
            switch kind {
            case .text: return "(r->>\(index))"
            case .int: return "(r->>\(index))::bigint"
            case .double: return "(r->>\(index))::double precision"
            case .bool: return "(r->>\(index))::boolean"
            case .uuid: return "(r->>\(index))::uuid"
            case .date: return "(r->>\(index))::timestamptz"
            case .texts: return "ARRAY(SELECT json_array_elements_text(r->\(index)))"
            }
        }.joined(separator: ", ")
    }

    func bulkSource(_ json: String) -> SQLQueryString { "FROM json_array_elements(CAST(\(bind: json) AS json)) AS r" }
    var bulkWritesNativeValues: Bool { true }
}
