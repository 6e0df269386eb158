import FluentKit
import Foundation
import SQLKit

/// Autocomplete for tags and authors: prefix matches, the user's own first.
package struct AutocompleteQuery {
    package let db: any Database
    package let userID: UUID
    package var limit: Int = 10

    package struct TagSuggestion: Codable, Equatable, Sendable {
        package let name: String
        package let count: Int
    }

    package struct AuthorSuggestion: Codable, Equatable, Sendable {
        package let id: UUID
        package let name: String
        /// The user has a book by this author.
        package let inLibrary: Bool
    }

    /// The user's tags starting with `prefix` (any case), most used first.
    package func tags(prefix: String) async throws -> [TagSuggestion] {
        let sql = db.sql
        let pattern = Self.likePattern(prefix.lowercased())
        let rows = try await sql.raw(
            """
            SELECT t.display AS name, COUNT(et.id) AS uses
            FROM tags t LEFT JOIN entry_tags et ON et.tag_id = t.id
            WHERE t.user_id = \(bind: userID) AND t.key LIKE \(bind: pattern) ESCAPE '\\'
            GROUP BY t.id, t.display, t.key
            ORDER BY COUNT(et.id) DESC, t.key ASC
            LIMIT \(unsafeRaw: String(limit))
            """
        ).all()
        return try rows.map {
            TagSuggestion(
                name: try $0.decode(column: "name", as: String.self),
                count: try $0.decode(column: "uses", as: Int.self))
        }
    }

    /// Authors whose name, or any word of it, starts with `prefix`: first those in the user's
    /// library, then the rest of the catalog.
    package func authors(prefix: String) async throws -> [AuthorSuggestion] {
        let sql = db.sql
        let lowered = prefix.lowercased()
        let start = Self.likePattern(lowered)
        let word = "% " + Self.likePattern(lowered)
        let rows = try await sql.raw(
            """
            SELECT a.id AS id, a.name AS name,
                   MAX(CASE WHEN e.user_id = \(bind: userID) THEN 1 ELSE 0 END) AS mine
            FROM authors a
            LEFT JOIN work_authors wa ON wa.author_id = a.id
            LEFT JOIN library_entries e ON e.work_id = wa.work_id AND e.user_id = \(bind: userID)
            WHERE LOWER(a.name) LIKE \(bind: start) ESCAPE '\\' OR LOWER(a.name) LIKE \(bind: word) ESCAPE '\\'
            GROUP BY a.id, a.name
            ORDER BY mine DESC, a.name ASC
            LIMIT \(unsafeRaw: String(limit))
            """
        ).all()
        return try rows.map {
            AuthorSuggestion(
                id: try $0.decode(column: "id", as: UUID.self),
                name: try $0.decode(column: "name", as: String.self),
                inLibrary: try $0.decode(column: "mine", as: Int.self) == 1)
        }
    }

    /// `prefix%` with LIKE's own wildcards escaped, so "50%" finds "50% off" and nothing else.
    package static func likePattern(_ prefix: String) -> String {
        var escaped = ""
        for char in prefix {
            if char == "%" || char == "_" || char == "\\" { escaped.append("\\") }
            escaped.append(char)
        }
        return escaped + "%"
    }

    package init(db: any Database, userID: UUID, limit: Int = 10) {
        self.db = db
        self.userID = userID
        self.limit = limit
    }
}
