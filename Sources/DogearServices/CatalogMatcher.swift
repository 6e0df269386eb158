import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// The catalog's one matching rule, for a book added by hand (`CatalogService`) and for a whole
/// import batch (`CatalogBatch`) alike, so one book is one work for every reader however it came:
///
/// 1. an edition with the same ISBN-13 (then its work);
/// 2. a work carrying one of the same work-level external IDs (kinds in name order);
/// 3. a work with the same title, ignoring case, whose first author has exactly the same name
///    ("J.K. Rowling" and "J. K. Rowling" are different authors: names are never merged silently).
///
/// A fixed number of queries for any number of books.
package struct CatalogMatcher {
    package let db: any Database
    package var sql: any SQLDatabase { db.sql }

    package struct Match: Equatable {
        package let workID: UUID
        /// The edition the ISBN names (rule 1 only).
        package let editionID: UUID?
    }

    /// Each book's match in the catalog, or nil where the catalog has none.
    package func match(_ books: [ValidBook]) async throws -> [Match?] {
        var result = [Match?](repeating: nil, count: books.count)

        // 1. ISBN-13 → edition → work.
        let isbns = Array(Set(books.compactMap { $0.isbn?.isbn13 }))
        var editionByISBN: [String: (edition: UUID, work: UUID)] = [:]
        for chunk in isbns.chunked(into: 500) {
            for row in try await LeanRows(db: db).all(
                "SELECT id, work_id, isbn13 FROM editions WHERE isbn13 IN (\(binds: chunk))")
            {
                editionByISBN[try row.requireString("isbn13")] =
                    (try row.requireUUID("id"), try row.requireUUID("work_id"))
            }
        }
        for (index, book) in books.enumerated() {
            if let isbn = book.isbn?.isbn13, let found = editionByISBN[isbn] {
                result[index] = Match(workID: found.work, editionID: found.edition)
            }
        }

        // 2. External IDs → work.
        var wanted: [ExternalIDKind: Set<String>] = [:]
        for (index, book) in books.enumerated() where result[index] == nil {
            for (kind, values) in book.externalIds where !kind.isEditionLevel { wanted[kind, default: []].formUnion(values) }
        }
        var workByExternalID: [String: UUID] = [:]
        for (kind, values) in wanted {
            for chunk in Array(values).chunked(into: 500) {
                let rows = try await LeanRows(db: db).all(
                    """
                    SELECT work_id, value FROM external_ids
                    WHERE kind = \(bind: kind.rawValue) AND value IN (\(binds: chunk)) AND work_id IS NOT NULL
                    """
                )
                for row in rows {
                    workByExternalID["\(kind.rawValue)|\(try row.requireString("value"))"] =
                        try row.requireUUID("work_id")
                }
            }
        }
        for (index, book) in books.enumerated() where result[index] == nil {
            if let work = Self.externalKeys(book).lazy.compactMap({ workByExternalID[$0] }).first {
                result[index] = Match(workID: work, editionID: nil)
            }
        }

        // 3. Title + first author → work, read two ways so neither reads every work of an author.
        // A title whose lowered form is ASCII (after the three characters Swift takes for ASCII
        // ones) is found by the title index, whose key is then exactly that form; any other title
        // can only be a work's whose title is not ASCII, read by author. Either way the rows come
        // back to the one comparison below, by `titleKey`.
        let unmatched = books.indices.filter { result[$0] == nil && !books[$0].authors.isEmpty }
        var indexedKeys = Set<String>()
        var indexedAuthors = Set<String>()
        var otherAuthors = Set<String>()
        for index in unmatched {
            if let key = Self.indexedTitleKey(books[index].title) {
                indexedKeys.insert(key)
                indexedAuthors.insert(books[index].authors[0])
            } else {
                otherAuthors.insert(books[index].authors[0])
            }
        }
        let dialect = sql.databaseDialect
        var queries: [SQLQueryString] = []
        for chunk in Array(indexedKeys).chunked(into: 500) {
            queries.append(Self.byTitleKey(chunk, firstAuthors: Array(indexedAuthors), dialect: dialect))
        }
        // (CROSS JOIN keeps SQLite to this order: the named authors by their index, then their
        // works; left to itself it scanned work_authors.)
        for chunk in Array(otherAuthors).chunked(into: 500) {
            queries.append(
                """
                SELECT wa.work_id AS work_id, w.title AS title, a.name AS name
                FROM authors a CROSS JOIN work_authors wa CROSS JOIN works w
                WHERE a.name IN (\(binds: chunk)) AND wa.author_id = a.id AND wa.position = 0 AND w.id = wa.work_id
                  AND \(unsafeRaw: dialect.hasNonASCII("w.title"))
                """)
        }
        var workByTitle: [String: UUID] = [:]
        for query in queries {
            let rows = try await LeanRows(db: db).all(query)
            for row in rows {
                let key = Self.titleKey(
                    try row.requireString("title"), try row.requireString("name"))
                if workByTitle[key] == nil { workByTitle[key] = try row.requireUUID("work_id") }
            }
        }
        for (index, book) in books.enumerated() where result[index] == nil {
            if let first = book.authors.first, let work = workByTitle[Self.titleKey(book.title, first)] {
                result[index] = Match(workID: work, editionID: nil)
            }
        }

        return result
    }

    /// Works by title key and first author, through `idx_works_title_key`.
    package static func byTitleKey(_ keys: [String], firstAuthors: [String], dialect: any DatabaseDialect) -> SQLQueryString {
        """
        SELECT w.id AS work_id, w.title AS title, a.name AS name
        FROM works w CROSS JOIN work_authors wa CROSS JOIN authors a
        WHERE \(unsafeRaw: dialect.titleKey("w.title")) IN (\(binds: keys))
          AND wa.work_id = w.id AND wa.position = 0 AND a.id = wa.author_id AND a.name IN (\(binds: firstAuthors))
        """
    }

    /// A title's key in the title index (`AddWorkTitleKeyIndex`), when it has one: its lowered form
    /// with the Kelvin sign, the Greek question mark and varia as the ASCII characters Swift takes
    /// them for, if all of it is then ASCII.
    package static func indexedTitleKey(_ title: String) -> String? {
        var key = ""
        for scalar in title.lowercased().unicodeScalars {
            switch scalar {
            case "\u{212A}": key.append("k")
            case "\u{037E}": key.append(";")
            case "\u{1FEF}": key.append("`")
            case _ where scalar.isASCII: key.unicodeScalars.append(scalar)
            default: return nil
            }
        }
        return key
    }

    package static func titleKey(_ title: String, _ firstAuthor: String) -> String {
        "t|\(title.lowercased())|\(firstAuthor)"
    }

    package static func externalKeys(_ book: ValidBook) -> [String] {
        book.externalIds.filter { !$0.key.isEditionLevel }.sorted { $0.key.rawValue < $1.key.rawValue }
            .flatMap { kind, values in values.map { "\(kind.rawValue)|\($0)" } }
    }

    /// Every key a book can be matched by, strongest first.
    package static func allKeys(_ book: ValidBook) -> [String] {
        var keys = book.isbn.map { ["i|\($0.isbn13)"] } ?? []
        keys += externalKeys(book)
        if let first = book.authors.first { keys.append(titleKey(book.title, first)) }
        return keys
    }

    package init(db: any Database) {
        self.db = db
    }
}
