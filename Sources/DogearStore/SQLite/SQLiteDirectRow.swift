import FluentKit
import Foundation
import SQLKit
import SQLiteKit
import VaporCSQLite

/// A row the writers' connection read: its values as SQLiteNIO reads them, decoded by SQLiteKit's
/// decoder, so a write reads the same values as it would through Fluent's SQLite driver.
package struct SQLiteDirectRow: SQLRow {
    /// The statement's column names and their positions, shared by its rows.
    package final class Names: @unchecked Sendable {
        package let names: [String]
        package let positions: [String: Int]
        var count: Int { names.count }

        package init(_ names: [String]) {
            self.names = names
            var positions: [String: Int] = [:]
            for (index, name) in names.enumerated() where positions[name] == nil { positions[name] = index }
            self.positions = positions
        }
    }

    package let names: Names
    /// The values in the statement's column order.
    package let values: [SQLiteData]

    package var allColumns: [String] { names.names }

    package func contains(column: String) -> Bool { names.positions[column] != nil }

    package func decodeNil(column: String) throws -> Bool {
        guard let position = names.positions[column] else { return true }
        return values[position] == .null
    }

    package func decode<D: Decodable>(column: String, as: D.Type) throws -> D {
        guard let position = names.positions[column] else { throw MissingColumn(column: column) }
        let value = values[position]
        // An id, read with a table rather than Foundation's `sscanf` (`UUID(text:)`).
        if D.self == UUID.self || D.self == UUID?.self, case .text(let text) = value, let id = UUID(text: text) {
            return id as! D
        }
        if let converted = Self.converted(value, as: D.self) { return converted }
        return try SQLiteDataDecoder().decode(D.self, from: value)
    }

    /// The common column types converted as SQLiteKit's decoder converts them (the same
    /// `init(sqliteData:)`; an optional is nil for NULL), without its cast to
    /// `SQLiteDataConvertible` and, for an optional, its nested decoder: every model read on SQLite
    /// comes through here (a signed-in request's token and user are forty columns), and the
    /// decoder's runtime type lookups were a twentieth of a progress write's CPU. Nil: not one of
    /// these types, or a value it does not convert (the decoder then says why).
    private static func converted<D>(_ value: SQLiteData, as _: D.Type) -> D? {
        func plain<T: SQLiteDataConvertible>(_: T.Type) -> D? { T(sqliteData: value).map { $0 as! D } }
        func optional<T: SQLiteDataConvertible>(_: T.Type) -> D? {
            if value == .null { return (T?.none as Any) as? D }
            return T(sqliteData: value).map { (Optional($0) as Any) as! D }
        }
        if D.self == String.self { return plain(String.self) }
        if D.self == String?.self { return optional(String.self) }
        if D.self == Int.self { return plain(Int.self) }
        if D.self == Int?.self { return optional(Int.self) }
        if D.self == Bool.self { return plain(Bool.self) }
        if D.self == Bool?.self { return optional(Bool.self) }
        if D.self == Double.self { return plain(Double.self) }
        if D.self == Double?.self { return optional(Double.self) }
        if D.self == Date.self { return plain(Date.self) }
        if D.self == Date?.self { return optional(Date.self) }
        return nil
    }

    package struct MissingColumn: Error, CustomStringConvertible {
        let column: String
        package var description: String { "the row has no column \(column)" }
    }
}

/// A writers' row as Fluent reads a model from it (columns named `schema_field` once Fluent sets
/// the schema), as FluentSQLiteDriver reads its own rows.
struct SQLiteDirectOutput: DatabaseOutput {
    let row: SQLiteDirectRow
    let schema: String?

    var description: String { "\(row.allColumns)" }

    private func column(_ key: FieldKey) -> String {
        (schema.map { .prefix(.prefix(.string($0), "_"), key) } ?? key).description
    }

    func schema(_ schema: String) -> any DatabaseOutput { SQLiteDirectOutput(row: row, schema: schema) }
    func contains(_ key: FieldKey) -> Bool { row.contains(column: column(key)) }
    func decodeNil(_ key: FieldKey) throws -> Bool { try row.decodeNil(column: column(key)) }
    func decode<T: Decodable>(_ key: FieldKey, as: T.Type) throws -> T { try row.decode(column: column(key), as: T.self) }
}

/// What SQLite said when a writers' statement failed: its extended result code and its message
/// (`sqlite3_errmsg`, the words the messages of Fluent's driver carry too, as "database or disk is
/// full"). A constraint it refused is a `DatabaseError` constraint failure, as the driver's is.
package struct SQLiteDirectError: Error, DatabaseError, CustomStringConvertible {
    package let code: Int32
    package let message: String

    init(_ code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    init(_ code: Int32, on handle: OpaquePointer?) {
        self.code = code
        self.message =
            handle.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite_nio_sqlite3_errstr(code))
    }

    /// The primary result code (the low byte of an extended one).
    private var primary: Int32 { code & 0xFF }

    package var description: String { "SQLite error \(code): \(message)" }
    package var isSyntaxError: Bool { primary == SQLITE_ERROR || primary == SQLITE_SCHEMA }
    package var isConnectionClosed: Bool { primary == SQLITE_MISUSE || primary == SQLITE_CANTOPEN }
    package var isConstraintFailure: Bool { primary == SQLITE_CONSTRAINT }
    /// Another connection held the lock past the busy timeout (another process writing).
    package var isBusy: Bool { primary == SQLITE_BUSY || primary == SQLITE_LOCKED }
}
