import Foundation
import SQLKit

/// Inserts many rows with one statement and one bound value: the rows travel as one JSON array of
/// arrays that the database unpacks itself (SQLite `json_each`, PostgreSQL `json_array_elements`).
///
/// Why: an import writes thousands of rows to a dozen tables. Fluent's model create reflects over
/// every property of every model (a third of an import's time in a profile), and binding each
/// value separately costs about 2.5 µs a value in SQLite; one JSON value per statement leaves the
/// per-row work to the database's C code. Values are stored exactly as Fluent stores them (SQLite:
/// UUIDs as upper-case text, dates as seconds since 1970, booleans as 0/1, string arrays as JSON
/// text; PostgreSQL: uuid, timestamptz, boolean, text[]), so models read these rows as their own.
struct BulkInsert {
    enum Kind { case text, int, double, bool, uuid, date, texts }

    enum Value: Sendable {
        case null
        case text(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case uuid(UUID)
        case date(Date)
        case texts([String])
    }

    let sql: any SQLDatabase
    private var isPostgres: Bool { sql.kind == .postgres }

    func insert(into table: String, _ columns: [(String, Kind)], rows: [[Value]]) async throws {
        guard !rows.isEmpty else { return }
        let names = columns.map(\.0).joined(separator: ", ")
        let selects: String
        if isPostgres {
            selects = columns.enumerated().map { index, column in
                switch column.1 {
                case .text: return "(r->>\(index))"
                case .int: return "(r->>\(index))::bigint"
                case .double: return "(r->>\(index))::double precision"
                case .bool: return "(r->>\(index))::boolean"
                case .uuid: return "(r->>\(index))::uuid"
                case .date: return "(r->>\(index))::timestamptz"
                case .texts: return "ARRAY(SELECT json_array_elements_text(r->\(index)))"
                }
            }.joined(separator: ", ")
        } else {
            // jsonb: the array is parsed once, and each column read from the parsed form.
            selects = columns.indices.map { "value ->> \($0)" }.joined(separator: ", ")
        }
        for chunk in rows.chunked(into: 1000) {
            let json = try encode(chunk)
            let source: SQLQueryString =
                isPostgres
                ? "FROM json_array_elements(CAST(\(bind: json) AS json)) AS r"
                : "FROM jsonb_each(jsonb(\(bind: json)))"
            try await sql.raw("INSERT INTO \(unsafeRaw: table) (\(unsafeRaw: names)) SELECT \(unsafeRaw: selects) " + source)
                .run()
        }
    }

    /// `[[…], […]]` with each value as its column stores it in this database. Written by hand:
    /// JSONEncoder spent as long boxing these scalars as the database spent inserting them.
    private func encode(_ rows: [[Value]]) throws -> String {
        let postgres = isPostgres
        var out = "["
        out.reserveCapacity(rows.count * 256)
        for (rowIndex, row) in rows.enumerated() {
            out += rowIndex == 0 ? "[" : ",["
            for (index, value) in row.enumerated() {
                if index > 0 { out += "," }
                switch value {
                case .null: out += "null"
                case .text(let text): Self.appendString(text, to: &out)
                case .int(let number): out += String(number)
                case .double(let number):
                    guard number.isFinite else {
                        out += "null"
                        continue
                    }
                    out += "\(number)"
                case .bool(let flag): out += postgres ? (flag ? "true" : "false") : (flag ? "1" : "0")
                case .uuid(let id): out += "\"\(id.uuidString)\""
                case .date(let date):
                    if postgres { out += "\"\(Self.timestamp(date))\"" } else { out += "\(date.timeIntervalSince1970)" }
                case .texts(let list):
                    out += "["
                    for (item, text) in list.enumerated() {
                        if item > 0 { out += "," }
                        Self.appendString(text, to: &out)
                    }
                    out += "]"
                }
            }
            out += "]"
        }
        out += "]"
        return out
    }

    /// `2024-09-02T23:59:58.985000Z`: to the microsecond, as timestamptz keeps it, rounded (a
    /// formatter truncates, so 58.985 stored as 58.98499… would come back a millisecond early).
    static func timestamp(_ date: Date) -> String {
        let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        let (seconds, fraction) = micros.quotientAndRemainder(dividingBy: 1_000_000)
        let whole = fraction < 0 ? seconds - 1 : seconds
        let text = Date.ISO8601FormatStyle().format(Date(timeIntervalSince1970: TimeInterval(whole)))
        return text.dropLast() + String(format: ".%06dZ", (fraction + 1_000_000) % 1_000_000)
    }

    /// A JSON string (RFC 8259 §7): quote, backslash and control characters escaped.
    static func appendString(_ text: String, to out: inout String) {
        out += "\""
        var plainStart = text.unicodeScalars.startIndex
        var index = plainStart
        let scalars = text.unicodeScalars
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\"" || scalar == "\\" || scalar.value < 0x20 {
                out.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default: out += String(format: "\\u%04x", scalar.value)
                }
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        out.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        out += "\""
    }
}

extension BulkInsert.Value {
    static func text(_ value: String?) -> Self { value.map { .text($0) } ?? .null }
    static func int(_ value: Int?) -> Self { value.map { .int($0) } ?? .null }
    static func double(_ value: Double?) -> Self { value.map { .double($0) } ?? .null }
    static func bool(_ value: Bool?) -> Self { value.map { .bool($0) } ?? .null }
    static func uuid(_ value: UUID?) -> Self { value.map { .uuid($0) } ?? .null }
    static func date(_ value: Date?) -> Self { value.map { .date($0) } ?? .null }
}
