import Foundation
import SQLKit
import SQLiteKit

/// Inserts many rows with few statements. On PostgreSQL the rows travel as one JSON array of arrays
/// that the database unpacks itself (`json_array_elements`); on SQLite they are bound value by
/// value into a cached multi-row `VALUES` statement (`insertBound`).
///
/// Why: an import writes thousands of rows to a dozen tables. Fluent's model create reflects over
/// every property of every model (a third of an import's time in a profile), and SQLKit's binds
/// encode each value through `Encodable`; here each value is already what the column stores.
/// Values are stored exactly as Fluent stores them (SQLite: UUIDs as upper-case text, dates as
/// seconds since 1970, booleans as 0/1, string arrays as JSON text; PostgreSQL: uuid, timestamptz,
/// boolean, text[]), so models read these rows as their own.
package struct BulkInsert {
    package enum Kind { case text, int, double, bool, uuid, date, texts }

    package enum Value: Sendable {
        case null
        case text(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case uuid(UUID)
        case date(Date)
        case texts([String])
    }

    package let sql: any SQLDatabase

    /// `onConflict`: what follows `ON CONFLICT` for a row whose key is taken (`(a, b) DO UPDATE SET
    /// …`), written as given, so constants only.
    package func insert(into table: String, _ columns: [(String, Kind)], rows: [[Value]], onConflict: String? = nil) async throws
    {
        guard !rows.isEmpty else { return }
        let names = columns.map(\.0).joined(separator: ", ")
        if let direct = sql as? SQLiteDirectDatabase {
            try await insertBound(into: table, names, width: columns.count, rows: rows, onConflict: onConflict, on: direct)
            return
        }
        let dialect = sql.databaseDialect
        let selects = dialect.bulkSelect(columns.map(\.1))
        for chunk in rows.chunked(into: 1000) {
            let json = try encode(chunk)
            let source = dialect.bulkSource(json)
            // `WHERE true`: SQLite would read `ON` straight after a `FROM` as the join's.
            let conflict: SQLQueryString = onConflict.map { " WHERE true ON CONFLICT \(unsafeRaw: $0)" } ?? ""
            try await sql.raw(
                "INSERT INTO \(unsafeRaw: table) (\(unsafeRaw: names)) SELECT \(unsafeRaw: selects) " + source + conflict
            ).run()
        }
    }

    /// SQLite: the values bound one by one into `VALUES (?, …), (?, …)`, the statement prepared once
    /// per row count. Handing SQLite the rows as one JSON text cost twice: writing it in Swift, and
    /// SQLite parsing it and extracting every column of every row (a fifth of an import's writer
    /// thread in `dogear bench import`'s profile); a bound value is a call that copies it.
    /// Row counts are powers of two (64 rows, then 32, 16 … for the rest), so a table has at most
    /// seven statements in the connection's cache whatever the batches' sizes.
    private func insertBound(
        into table: String, _ names: String, width: Int, rows: [[Value]], onConflict: String?,
        on database: SQLiteDirectDatabase
    ) async throws {
        let conflict = onConflict.map { " ON CONFLICT \($0)" } ?? ""
        let tuple = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        var start = 0
        while start < rows.count {
            var count = Self.boundRows
            while count > rows.count - start { count /= 2 }
            // Its values are let go once it ran: the cached statement would keep an import's
            // last rows (titles, notes) until the next import.
            let statement = StatementText(
                "INSERT INTO \(table) (\(names)) VALUES "
                    + Array(repeating: tuple, count: count).joined(separator: ", ") + conflict,
                releasesValues: true)
            var binds: [SQLiteData] = []
            binds.reserveCapacity(count * width)
            for row in rows[start..<start + count] {
                for value in row { binds.append(value.sqliteData) }
            }
            try await database.run(statement, binds: binds)
            start += count
        }
    }

    /// Rows a bound statement: 64 rows of the widest table (26 columns) are 1,664 values, under
    /// SQLite's limit of 32,766.
    static let boundRows = 64

    /// `[[…], […]]` with each value as its column stores it in this database. Written by hand, as
    /// UTF-8 bytes: JSONEncoder spent as long boxing these scalars as the database spent inserting
    /// them, and escaping a `String` by Unicode scalars was still a tenth of an import
    /// (`dogear bench import`'s profile).
    private func encode(_ rows: [[Value]]) throws -> String {
        let postgres = sql.databaseDialect.bulkWritesNativeValues
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * 256)
        out.append(UInt8(ascii: "["))
        for (rowIndex, row) in rows.enumerated() {
            if rowIndex > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            for (index, value) in row.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                switch value {
                case .null: out.append(contentsOf: "null".utf8)
                case .text(let text): Self.appendString(text, to: &out)
                case .int(let number): out.append(contentsOf: String(number).utf8)
                case .double(let number):
                    out.append(contentsOf: (number.isFinite ? "\(number)" : "null").utf8)
                case .bool(let flag):
                    out.append(contentsOf: (postgres ? (flag ? "true" : "false") : (flag ? "1" : "0")).utf8)
                case .uuid(let id):
                    out.append(UInt8(ascii: "\""))
                    out.append(contentsOf: id.text.utf8)
                    out.append(UInt8(ascii: "\""))
                case .date(let date):
                    out.append(contentsOf: (postgres ? "\"\(Self.timestamp(date))\"" : "\(date.timeIntervalSince1970)").utf8)
                case .texts(let list): Self.appendList(list, to: &out)
                }
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// `2024-09-02T23:59:58.985000Z`: to the microsecond, as timestamptz keeps it, rounded (a
    /// formatter truncates, so 58.985 stored as 58.98499… would come back a millisecond early).
    package static func timestamp(_ date: Date) -> String {
        let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        let (seconds, fraction) = micros.quotientAndRemainder(dividingBy: 1_000_000)
        let whole = fraction < 0 ? seconds - 1 : seconds
        let text = Date.ISO8601FormatStyle().format(Date(timeIntervalSince1970: TimeInterval(whole)))
        return text.dropLast() + String(format: ".%06dZ", (fraction + 1_000_000) % 1_000_000)
    }

    /// A JSON array of strings.
    static func appendList(_ list: [String], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (item, text) in list.enumerated() {
            if item > 0 { out.append(UInt8(ascii: ",")) }
            appendString(text, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A JSON string (RFC 8259 §7): quote, backslash and control characters escaped, byte by byte
    /// (every other byte of UTF-8, multi-byte characters included, goes as it is).
    package static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    package init(sql: any SQLDatabase) {
        self.sql = sql
    }
}

extension BulkInsert.Value {
    /// The value as SQLite stores it, the same as the JSON route gives it (`value ->> n`): ids as
    /// upper-case text, dates as seconds since 1970, booleans as 0/1, string lists as JSON text.
    var sqliteData: SQLiteData {
        switch self {
        case .null: return .null
        case .text(let text): return .text(text)
        case .int(let number): return .integer(number)
        case .double(let number): return number.isFinite ? .float(number) : .null
        case .bool(let flag): return .integer(flag ? 1 : 0)
        case .uuid(let id): return .text(id.text)
        case .date(let date): return .float(date.timeIntervalSince1970)
        case .texts(let list):
            var out: [UInt8] = []
            BulkInsert.appendList(list, to: &out)
            return .text(String(decoding: out, as: UTF8.self))
        }
    }

    package static func text(_ value: String?) -> Self { value.map { .text($0) } ?? .null }
    package static func int(_ value: Int?) -> Self { value.map { .int($0) } ?? .null }
    package static func double(_ value: Double?) -> Self { value.map { .double($0) } ?? .null }
    package static func bool(_ value: Bool?) -> Self { value.map { .bool($0) } ?? .null }
    package static func uuid(_ value: UUID?) -> Self { value.map { .uuid($0) } ?? .null }
    package static func date(_ value: Date?) -> Self { value.map { .date($0) } ?? .null }
}
