import FluentKit
import Foundation
import SQLKit

/// Every place SQLite's and PostgreSQL's SQL differ, and the few behaviours that follow from one
/// being a file one process owns and the other a server several processes share. Code outside
/// `Dialect/` and `Migrations/` asks `sql.databaseDialect` and never which database it is
/// (`scripts/check-rooms.sh` holds it), so a third database would be a third implementation here.
package protocol DatabaseDialect: Sendable {
    /// Write transactions take turns in this process (`SQLiteWriters`): SQLite has one writer at a
    /// time and refuses, rather than waits for, a second that read first.
    var writersTakeTurns: Bool { get }
    /// Several processes may serve one database at once, so what must be shared between them (failed
    /// sign-in counts, who migrates, a club's live events) goes through the database.
    var isSharedByProcesses: Bool { get }
    /// The full-text index.
    var searchIndex: any SearchIndex { get }

    /// A timestamp column as seconds since 1970.
    func seconds(_ column: String) -> String
    /// A list column as a JSON array's text.
    func textArray(_ column: String) -> String
    /// A subquery's rows as a JSON array of values, in order; `[]` when there are none.
    func arrayOf(_ value: String, from: String, orderBy: String) -> String
    /// One JSON array of these values (`[a, b]`).
    func jsonArray(_ values: [String]) -> String
    /// The lower-case title key `AddWorkTitleKeyIndex` indexes, for the same expression in a query.
    func titleKey(_ column: String) -> String
    /// Joins one row `alias.value` per element of a list column.
    func unpack(_ listColumn: String, as alias: String) -> String
    /// Whole days from one `YYYY-MM-DD` text to another.
    func daysBetween(_ start: String, _ end: String) -> String
    /// True where a list column holds nothing.
    func isEmptyList(_ column: String) -> String
    /// A text column to order by code points, the same on both databases.
    func inCodePointOrder(_ column: String) -> String
    /// What makes a `SELECT` pass over rows another transaction holds instead of waiting (nil where
    /// writers take turns anyway).
    var skippingLockedRows: String? { get }
    /// Locks these rows for this transaction, in one order (nil where writers take turns anyway).
    func lockRows(of table: String, ids: [UUID], _ strength: RowLock) -> SQLQueryString?
    /// Tells every process listening on `channel` once the transaction commits (nil where one
    /// process is the only listener: it announces after its own commit).
    func notify(_ channel: String, _ payload: String) -> SQLQueryString?
    /// Brings the query planner's statistics of these tables up to date.
    func refreshStatistics(of tables: [String]) -> [SQLQueryString]

    /// `BulkInsert`: the select list reading each column from a row of the JSON array.
    func bulkSelect(_ kinds: [BulkInsert.Kind]) -> String
    /// `BulkInsert`: the JSON array of rows as a table.
    func bulkSource(_ json: String) -> SQLQueryString
    /// `BulkInsert`: booleans, dates and lists written as the database's own types (true, a
    /// timestamp text, an array) rather than as SQLite stores them (1, seconds, JSON text).
    var bulkWritesNativeValues: Bool { get }
}

/// How strongly `lockRows` holds a row: `update` keeps every other writer of the row out;
/// `noKeyUpdate` is what an UPDATE takes, and lets a new child row's foreign key check through.
package enum RowLock: Sendable {
    case update, noKeyUpdate
}

extension DatabaseDialect {
    package func text(_ expression: String) -> String { "CAST(\(expression) AS TEXT)" }

    /// True where a text has a character outside ASCII (more bytes than characters).
    package func hasNonASCII(_ expression: String) -> String {
        "LENGTH(\(expression)) <> OCTET_LENGTH(\(expression))"
    }

    /// A subquery's rows as a JSON array of arrays (`[[a, b], …]`), in order.
    package func arrayOf(_ values: [String], from: String, orderBy: String) -> String {
        arrayOf(jsonArray(values), from: from, orderBy: orderBy)
    }
}

extension SQLDatabase {
    package var databaseDialect: any DatabaseDialect { kind == .sqlite ? SQLiteDialect() : PostgresDialect() }
}
