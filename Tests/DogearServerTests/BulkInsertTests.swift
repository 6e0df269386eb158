import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// `BulkInsert` writes its rows as JSON by hand, byte by byte (PostgreSQL, and SQLite's string
/// lists), or binds them into multi-row statements of 64, 32 … rows (SQLite): whatever a reader
/// typed comes back as they typed it, every row once, on SQLite and PostgreSQL.
@Suite("Bulk inserts keep every character")
struct BulkInsertTests {
    static let texts = [
        "plain", "", "quote \" backslash \\ slash /", "tab\tnew\nline\rreturn",
        String((1..<32).map { Character(UnicodeScalar($0)!) }),
        "Les Misérables", "東京の本", "emoji 📚👩🏽‍🏫", "\u{7F}\u{2028}\u{FEFF}", "'; DROP TABLE notes; --",
    ]

    @Test("texts with quotes, backslashes, control characters and non-ASCII, alone and in lists")
    func roundTrip() async throws {
        try await withDogear { app in
            let sql = app.db.sql
            let list = sql.kind == .postgres ? "TEXT[]" : "TEXT"
            try await sql.raw("CREATE TABLE bulk_check (n BIGINT, t TEXT, l \(unsafeRaw: list))").run()
            let rows: [[BulkInsert.Value]] = Self.texts.enumerated().map { index, text in
                [.int(index), .text(text), .texts([text, "b"])]
            }
            try await BulkInsert(sql: sql).insert(into: "bulk_check", [("n", .int), ("t", .text), ("l", .texts)], rows: rows)
            let back = try await sql.raw("SELECT n, t, l FROM bulk_check ORDER BY n").all()
            #expect(back.count == Self.texts.count)
            for row in back {
                let index = try row.decode(column: "n", as: Int.self)
                #expect(try row.decode(column: "t", as: String.self) == Self.texts[index])
                let items: [String] =
                    sql.kind == .postgres
                    ? try row.decode(column: "l", as: [String].self)
                    : try JSONDecoder().decode([String].self, from: Data(try row.decode(column: "l", as: String.self).utf8))
                #expect(items == [Self.texts[index], "b"])
            }
        }
    }

    @Test(
        "any number of rows, of every kind, comes back as written, once each; a key met again updates its row",
        arguments: [1, 63, 64, 65, 130])
    func everyKindAnyCount(count: Int) async throws {
        try await withDogear { app in
            let sql = app.db.sql
            let (real, bool, stamp, uuid) =
                sql.kind == .postgres
                ? ("DOUBLE PRECISION", "BOOLEAN", "TIMESTAMPTZ", "UUID") : ("REAL", "INTEGER", "REAL", "TEXT")
            try await sql.raw(
                """
                CREATE TABLE bulk_kinds (n BIGINT PRIMARY KEY, t TEXT, d \(unsafeRaw: real), b \(unsafeRaw: bool),
                u \(unsafeRaw: uuid), at \(unsafeRaw: stamp), hits BIGINT NOT NULL)
                """
            ).run()
            let ids = (0..<count).map { _ in UUID() }
            let day = Date(timeIntervalSince1970: 1_700_000_000.5)
            func row(_ index: Int) -> [BulkInsert.Value] {
                [
                    .int(index), index % 3 == 0 ? .null : .text("row \(index)"), .double(Double(index) / 4),
                    .bool(index % 2 == 0), .uuid(index % 5 == 0 ? nil : ids[index]),
                    .date(day.addingTimeInterval(Double(index))), .int(1),
                ]
            }
            let columns: [(String, BulkInsert.Kind)] = [
                ("n", .int), ("t", .text), ("d", .double), ("b", .bool), ("u", .uuid), ("at", .date), ("hits", .int),
            ]
            let bulk = BulkInsert(sql: sql)
            try await bulk.insert(into: "bulk_kinds", columns, rows: (0..<count).map(row))
            // Every row again, then the first once more: each key's row counts what was written for
            // it (PostgreSQL refuses one statement updating a row twice, so the third is its own).
            let again = "(n) DO UPDATE SET hits = bulk_kinds.hits + excluded.hits"
            try await bulk.insert(into: "bulk_kinds", columns, rows: (0..<count).map(row), onConflict: again)
            try await bulk.insert(into: "bulk_kinds", columns, rows: [row(0)], onConflict: again)
            let back = try await sql.raw("SELECT n, t, d, b, u, at, hits FROM bulk_kinds ORDER BY n").all()
            #expect(back.count == count)
            for (index, found) in back.enumerated() {
                #expect(try found.decode(column: "n", as: Int.self) == index)
                #expect(try found.decode(column: "t", as: String?.self) == (index % 3 == 0 ? nil : "row \(index)"))
                #expect(try found.decode(column: "d", as: Double.self) == Double(index) / 4)
                #expect(try found.decode(column: "b", as: Bool.self) == (index % 2 == 0))
                #expect(try found.decode(column: "u", as: UUID?.self) == (index % 5 == 0 ? nil : ids[index]))
                #expect(try found.decode(column: "at", as: Date.self) == day.addingTimeInterval(Double(index)))
                #expect(try found.decode(column: "hits", as: Int.self) == (index == 0 ? 3 : 2))
            }
        }
    }

    @Test("a file's kept columns, written by hand as JSON, read back as the same columns")
    func keptColumns() {
        let fields = Dictionary(uniqueKeysWithValues: Self.texts.enumerated().map { ("column \($0) \($1)", $1) })
        #expect(ImportedFields(entryID: UUID(), format: "goodreads", fields: fields).values == fields)
        #expect(ImportedFields.encode([:]) == "{}")
        #expect(ImportedFields.encode(["b": "2", "a": "1/\""]) == #"{"a":"1/\"","b":"2"}"#)
    }
}
