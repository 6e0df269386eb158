import Foundation
import SQLKit

/// PostgreSQL: a server several processes share. Timestamps are `timestamptz`, lists `TEXT[]`, rows
/// are locked where two processes could write the same thing, and `NOTIFY` reaches every process.
package struct PostgresDialect: DatabaseDialect {
    package var writersTakeTurns: Bool { false }
    package var isSharedByProcesses: Bool { true }
    package var searchIndex: any SearchIndex { PostgresSearchIndex() }

    package func seconds(_ column: String) -> String { "CAST(EXTRACT(EPOCH FROM \(column)) AS DOUBLE PRECISION)" }
    package func textArray(_ column: String) -> String { "CAST(array_to_json(\(column)) AS TEXT)" }

    package func arrayOf(_ value: String, from: String, orderBy: String) -> String {
        "(SELECT CAST(COALESCE(json_agg(\(value) ORDER BY \(orderBy)), '[]') AS TEXT) FROM \(from))"
    }

    package func jsonArray(_ values: [String]) -> String { "json_build_array(\(values.joined(separator: ", ")))" }
    package func titleKey(_ column: String) -> String { AddWorkTitleKeyIndex.key(column, kind: .postgres) }

    package func unpack(_ listColumn: String, as alias: String) -> String {
        "CROSS JOIN LATERAL unnest(\(listColumn)) AS \(alias)(value)"
    }

    package func daysBetween(_ start: String, _ end: String) -> String { "CAST(\(end) AS DATE) - CAST(\(start) AS DATE)" }
    package func isEmptyList(_ column: String) -> String { "cardinality(\(column)) = 0" }
    /// The database's collation may order by language rules; `C` orders by code point.
    package func inCodePointOrder(_ column: String) -> String { "\(column) COLLATE \"C\"" }

    package var skippingLockedRows: String? { " FOR UPDATE SKIP LOCKED" }

    package func lockRows(of table: String, ids: [UUID], _ strength: RowLock) -> SQLQueryString? {
        let mode = strength == .update ? "FOR UPDATE" : "FOR NO KEY UPDATE"
        return "SELECT id FROM \(unsafeRaw: table) WHERE id IN (\(binds: ids)) ORDER BY id \(unsafeRaw: mode)"
    }

    package func notify(_ channel: String, _ payload: String) -> SQLQueryString? {
        "SELECT pg_notify(\(bind: channel), \(bind: payload))"
    }

    package func refreshStatistics(of tables: [String]) -> [SQLQueryString] {
        ["ANALYZE \(unsafeRaw: tables.joined(separator: ", "))"]
    }

    package func bulkSelect(_ kinds: [BulkInsert.Kind]) -> String {
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

    package func bulkSource(_ json: String) -> SQLQueryString { "FROM json_array_elements(CAST(\(bind: json) AS json)) AS r" }
    package var bulkWritesNativeValues: Bool { true }
}
