import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// `BulkInsert` writes its rows as JSON by hand, byte by byte: whatever a reader typed comes back
/// as they typed it, on SQLite and PostgreSQL.
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
}
