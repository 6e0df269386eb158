import FluentKit
import SQLKit

/// The catalog's title match (`CatalogMatcher`, rule 3) by index: a work's title lowered, ASCII
/// only, with the three characters that Swift's comparison takes for ASCII ones written as those
/// (the Kelvin sign, which Swift lowers to "k"; the Greek question mark and varia, canonically ";"
/// and "`"). For a title whose Swift `lowercased()` is ASCII after those three, this key is exactly
/// it, so one index range finds every work of such a title. Before it, the match read every work of
/// each author in the batch: an import of 100,000 books spent a fifth of its time there.
///
/// The query must say the key in the same words as the index (`key(_:kind:)`), so both take it from
/// here; changing it needs a new migration that creates the index again.
package struct AddWorkTitleKeyIndex: NumberedMigration {
    package static let folder = 26

    /// The key of a title column. PostgreSQL lowers under the C collation, A–Z only, whatever the
    /// database's locale (a Turkish one lowers "I" to "ı"), as SQLite's `LOWER` does without ICU.
    package static func key(_ column: String, kind: SQLKind) -> String {
        let mapped = "REPLACE(REPLACE(REPLACE(\(column), '\u{212A}', 'k'), '\u{037E}', ';'), '\u{1FEF}', '`')"
        return kind == .postgres ? "LOWER(\(mapped) COLLATE \"C\")" : "LOWER(\(mapped))"
    }

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw(SQLQueryString("CREATE INDEX idx_works_title_key ON works ((\(Self.key("title", kind: sql.kind))))"))
            .run()
    }

    package func revert(on database: any Database) async throws {
        try await database.sql.drop(index: "idx_works_title_key").run()
    }
}
