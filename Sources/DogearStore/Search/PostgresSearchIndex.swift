import DogearCore
import Foundation
import SQLKit

/// PostgreSQL full text: a `tsvector` of the folded texts ('simple' configuration: no stemming, as
/// on SQLite) in a GIN index; words are prefix-matched with `:*`. Folding happens in Swift, so no
/// extension (unaccent) is needed and both databases fold alike.
package struct PostgresSearchIndex: SearchIndex {
    package func write(_ documents: [SearchDocument], replacing: Bool, on db: any SQLDatabase) async throws {
        guard !documents.isEmpty else { return }
        if replacing { try await remove(entryIDs: documents.map(\.entryID), on: db) }
        for batch in documents.chunked(into: 200) {
            var values: [SQLQueryString] = []
            for doc in batch {
                let folded = SearchText.fold(
                    ([doc.title] + doc.authors + doc.isbns + doc.tags + doc.notes + doc.quotes)
                        .joined(separator: " "))
                values.append(
                    """
                    (\(bind: doc.entryID), \(bind: doc.userID), \(bind: doc.title), \(bind: SearchDocument.join(doc.authors)), \
                    \(bind: doc.isbns.joined(separator: " ")), \(bind: SearchDocument.join(doc.tags)), \
                    \(bind: SearchDocument.join(doc.notes)), \(bind: SearchDocument.join(doc.quotes)), \
                    to_tsvector('simple', \(bind: folded)))
                    """)
            }
            let list = values.dropFirst().reduce(values[0]) { $0 + ", " + $1 }
            try await db.raw(
                "INSERT INTO entry_search (entry_id, user_id, title, authors, isbn, tags, notes, quotes, document) VALUES " + list
            ).run()
        }
    }

    package func remove(entryIDs: [UUID], on db: any SQLDatabase) async throws {
        for batch in entryIDs.chunked(into: 1000) {
            try await db.raw("DELETE FROM entry_search WHERE entry_id IN (\(binds: batch))").run()
        }
    }

    package func condition(_ terms: SearchTerms, userID: UUID) -> SQLQueryString {
        // Words are letters and digits only (SearchTerms), so they cannot be tsquery syntax.
        let query = terms.words.map { "\($0):*" }.joined(separator: " & ")
        return """
            e.id IN (SELECT entry_id FROM entry_search WHERE user_id = \(bind: userID) \
            AND document @@ to_tsquery('simple', \(bind: query)))
            """
    }

    package func entriesWithoutDocument(limit: Int, on db: any SQLDatabase) async throws -> [UUID] {
        try await db.raw(
            """
            SELECT e.id AS id FROM library_entries e \
            WHERE NOT EXISTS (SELECT 1 FROM entry_search s WHERE s.entry_id = e.id) LIMIT \(unsafeRaw: String(limit))
            """
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
    }

    /// A GIN index has no order of its own: the general query sorts the matches.
    package func newestFirst(_ terms: SearchTerms, userID: UUID, after cursor: UUID?) -> NewestFirstMatches? { nil }

    package func documents(_ entryIDs: [UUID], on db: any SQLDatabase) async throws -> [UUID: SearchDocument] {
        guard !entryIDs.isEmpty else { return [:] }
        let rows = try await db.raw(
            """
            SELECT entry_id, user_id, title, authors, isbn, tags, notes, quotes FROM entry_search
            WHERE entry_id IN (\(binds: entryIDs))
            """
        ).all()
        var result: [UUID: SearchDocument] = [:]
        for row in rows {
            let id = try row.decode(column: "entry_id", as: UUID.self)
            result[id] = try SearchDocument(row: row, entryID: id, userID: try row.decode(column: "user_id", as: UUID.self))
        }
        return result
    }
}
