import DogearCore
import Foundation
import SQLKit

/// FTS5: unicode61 with diacritics removed, prefix indexes for the first letters typed.
struct SQLiteSearchIndex: SearchIndex {
    /// The user as one index token (hex of the UUID), so a MATCH stays inside one library.
    static func ownerToken(_ userID: UUID) -> String {
        "u" + userID.uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    func write(_ documents: [SearchDocument], on db: any SQLDatabase) async throws {
        guard !documents.isEmpty else { return }
        try await remove(entryIDs: documents.map(\.entryID), on: db)
        for batch in documents.chunked(into: 200) {
            var values: [SQLQueryString] = []
            for doc in batch {
                values.append("""
                    (\(bind: doc.entryID.uuidString), \(bind: Self.ownerToken(doc.userID)), \(bind: doc.title), \
                    \(bind: SearchDocument.join(doc.authors)), \(bind: doc.isbns.joined(separator: " ")), \
                    \(bind: SearchDocument.join(doc.tags)), \(bind: SearchDocument.join(doc.notes)), \
                    \(bind: SearchDocument.join(doc.quotes)))
                    """)
            }
            let list = values.dropFirst().reduce(values[0]) { $0 + ", " + $1 }
            try await db.raw("INSERT INTO entry_search (entry_id, owner, title, authors, isbn, tags, notes, quotes) VALUES " + list).run()
        }
    }

    func remove(entryIDs: [UUID], on db: any SQLDatabase) async throws {
        for batch in entryIDs.chunked(into: 500) {
            try await db.raw("DELETE FROM entry_search WHERE entry_id IN (\(binds: batch.map(\.uuidString)))").run()
        }
    }

    func condition(_ terms: SearchTerms, userID: UUID) -> SQLQueryString {
        // Every word quoted (so nothing typed is FTS syntax) and a prefix; all required.
        let words = terms.words.map { "\"\($0)\"*" }.joined(separator: " AND ")
        let match = "owner:\(Self.ownerToken(userID)) AND {title authors isbn tags notes quotes}: (\(words))"
        // Fluent stores UUIDs in SQLite as their text form, as the index does.
        return "e.id IN (SELECT entry_id FROM entry_search WHERE entry_search MATCH \(bind: match))"
    }

    func documents(_ entryIDs: [UUID], on db: any SQLDatabase) async throws -> [UUID: SearchDocument] {
        guard !entryIDs.isEmpty else { return [:] }
        let rows = try await db.raw("""
            SELECT entry_id, owner, title, authors, isbn, tags, notes, quotes FROM entry_search
            WHERE entry_id IN (\(binds: entryIDs.map(\.uuidString)))
            """).all()
        var result: [UUID: SearchDocument] = [:]
        for row in rows {
            guard let id = UUID(uuidString: try row.decode(column: "entry_id", as: String.self)) else { continue }
            result[id] = SearchDocument(
                entryID: id, userID: id,
                title: try row.decode(column: "title", as: String.self),
                authors: SearchDocument.split(try row.decode(column: "authors", as: String.self)),
                isbns: try row.decode(column: "isbn", as: String.self).split(separator: " ").map(String.init),
                tags: SearchDocument.split(try row.decode(column: "tags", as: String.self)),
                notes: SearchDocument.split(try row.decode(column: "notes", as: String.self)),
                quotes: SearchDocument.split(try row.decode(column: "quotes", as: String.self)))
        }
        return result
    }
}

extension Array {
    func chunked(into size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
