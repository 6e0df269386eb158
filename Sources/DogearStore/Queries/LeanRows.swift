import FluentKit
import Foundation
import SQLKit
import SQLiteKit

/// Rows of a hot read, without Fluent models or `Codable` per column. On SQLite the driver's own
/// rows are read (`SQLiteData`, by position); on PostgreSQL SQLKit's rows, whose primitive decoding
/// is direct. Decoding a page of entries as Fluent models cost more than the SQL itself (Fluent finds
/// a model's fields by reflection, row by row; `dogear bench http` showed it at 16% of the library
/// route), so the hot reads select exactly the columns they answer with and read them here.
package struct LeanRows {
    package let db: any Database

    package func all(_ query: SQLQueryString) async throws -> [LeanRow] {
        let sql = db.sql
        if let direct = db as? SQLiteDirectDatabase {
            // Dogear's own SQLite connections, whose rows are SQLite's values already.
            let rows = try await direct.rows(query)
            guard let first = rows.first else { return [] }
            // The statement's own names, read once when it was prepared (`SQLiteDirectRow.Names`).
            let names = first.names
            return rows.map { LeanRow(storage: .sqlite($0.values), names: names) }
        }
        if let sqlite = db as? any SQLiteDatabase {
            var serializer = SQLSerializer(database: sql)
            query.serialize(to: &serializer)
            let encoder = SQLiteDataEncoder()
            let binds = try serializer.binds.map { try encoder.encode($0) }
            // Logged as SQLiteKit logs its statements, so query logs and counts still see this one.
            if let level = sql.queryLogLevel {
                sql.logger.log(
                    level: level, "Executing query",
                    metadata: ["sql": .string(serializer.sql), "binds": .array(binds.map { .string("\($0)") })])
            }
            let rows = try await sqlite.query(serializer.sql, binds)
            guard let first = rows.first else { return [] }
            let names = LeanRow.Names(first.columns.map(\.name))
            return rows.map { LeanRow(storage: .sqlite($0.columns.map(\.data)), names: names) }
        }
        return try await sql.raw(query).all().map { LeanRow(storage: .sql($0), names: nil) }
    }

    package init(db: any Database) {
        self.db = db
    }
}

/// One row of a `LeanRows` read; each getter takes the column's name and the value as stored by
/// either database (SQLite's integers for booleans, text for UUIDs, seconds for timestamps).
package struct LeanRow {
    package enum Storage {
        case sqlite([SQLiteData])
        case sql(any SQLRow)
    }

    /// Column positions by name, shared by every row of a read.
    /// A statement's columns by name: the first of each name (the same type as a direct SQLite row's,
    /// which a cached statement keeps, so a read does not build it again).
    package typealias Names = SQLiteDirectRow.Names

    package let storage: Storage
    package let names: Names?

    package struct MissingColumn: Error, CustomStringConvertible {
        package let name: String
        package var description: String { "the read has no column \(name)" }
    }

    private func sqlite(_ values: [SQLiteData], _ name: String) throws -> SQLiteData {
        guard let position = names?.positions[name] else { throw MissingColumn(name: name) }
        return values[position]
    }

    package func string(_ name: String) throws -> String? {
        switch storage {
        case .sqlite(let values):
            switch try sqlite(values, name) {
            case .text(let text): return text
            case .null: return nil
            case .integer(let value): return String(value)
            case .float(let value): return String(value)
            case .blob(let buffer): return String(buffer: buffer)
            }
        case .sql(let row): return try row.decode(column: name, as: String?.self)
        }
    }

    package func int(_ name: String) throws -> Int? {
        switch storage {
        case .sqlite(let values):
            switch try sqlite(values, name) {
            case .integer(let value): return value
            case .float(let value): return Int(value)
            case .text(let text): return Int(text)
            case .null, .blob: return nil
            }
        case .sql(let row): return try row.decode(column: name, as: Int?.self)
        }
    }

    package func double(_ name: String) throws -> Double? {
        switch storage {
        case .sqlite(let values):
            switch try sqlite(values, name) {
            case .float(let value): return value
            case .integer(let value): return Double(value)
            case .text(let text): return Double(text)
            case .null, .blob: return nil
            }
        case .sql(let row): return try row.decode(column: name, as: Double?.self)
        }
    }

    package func bool(_ name: String) throws -> Bool? {
        switch storage {
        case .sqlite(let values):
            switch try sqlite(values, name) {
            case .integer(let value): return value != 0
            case .float(let value): return value != 0
            case .text(let text): return text == "1" || text == "true"
            case .null, .blob: return nil
            }
        case .sql(let row): return try row.decode(column: name, as: Bool?.self)
        }
    }

    /// A timestamp: SQLite keeps seconds since 1970; PostgreSQL's reads select it the same way.
    package func date(_ name: String) throws -> Date? {
        try double(name).map { Date(timeIntervalSince1970: $0) }
    }

    package func uuid(_ name: String) throws -> UUID? {
        switch storage {
        case .sqlite:
            return try string(name).flatMap { UUID(text: $0) }
        case .sql(let row): return try row.decode(column: name, as: UUID?.self)
        }
    }

    package func requireString(_ name: String) throws -> String {
        guard let value = try string(name) else { throw MissingColumn(name: name) }
        return value
    }

    package func requireInt(_ name: String) throws -> Int {
        guard let value = try int(name) else { throw MissingColumn(name: name) }
        return value
    }

    package func requireUUID(_ name: String) throws -> UUID {
        guard let value = try uuid(name) else { throw MissingColumn(name: name) }
        return value
    }

    /// A JSON array the statement built (`json_group_array`, `json_agg`), as Foundation objects;
    /// empty for NULL or `[]` without parsing.
    package func jsonArray(_ name: String) throws -> [Any] {
        guard let text = try string(name), text != "[]", !text.isEmpty else { return [] }
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]) ?? []
    }

    /// A list of strings kept as a JSON array (SQLite) or selected as one (`array_to_json` on PostgreSQL).
    package func strings(_ name: String) throws -> [String] {
        try jsonArray(name).compactMap { $0 as? String }
    }
}
