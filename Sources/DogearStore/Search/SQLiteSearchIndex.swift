import DogearCore
import Foundation
import SQLKit

/// FTS5 (unicode61 with diacritics removed, prefix indexes for the first letters typed) over the
/// `entry_search_docs` table as external content.
///
/// A document's rowid is its entry's date added in milliseconds × 1024 plus a free slot, so the
/// full-text index's own rowid order is "newest first": the default sort of a search stops after
/// one page instead of sorting every match. Date added never changes, so neither does the rowid.
package struct SQLiteSearchIndex: SearchIndex {
    package static func baseRowid(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) * 1024
    }

    package static let columns = "title, authors, isbn, tags, notes, quotes"
    /// `columns` of the documents table read as `d`.
    private static let columnsOfD = columns.split(separator: ",").map { "d." + $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: ", ")

    package func write(_ documents: [SearchDocument], replacing: Bool, on db: any SQLDatabase) async throws {
        guard !documents.isEmpty else { return }
        if replacing { try await remove(entryIDs: documents.map(\.entryID), on: db) }
        for batch in documents.chunked(into: 1000) {
            let rowids = try await freeRowids(for: batch.map(\.dateAdded), on: db)
            var rows: [[BulkInsert.Value]] = []
            for (doc, rowid) in zip(batch, rowids) {
                rows.append([
                    .int(Int(rowid)), .text(doc.entryID.text), .text(doc.userID.text), .text(doc.title),
                    .text(SearchDocument.join(doc.authors)), .text(doc.isbns.joined(separator: " ")),
                    .text(SearchDocument.join(doc.tags)), .text(SearchDocument.join(doc.notes)),
                    .text(SearchDocument.join(doc.quotes)),
                ])
            }
            try await BulkInsert(sql: db).insert(
                into: "entry_search_docs",
                [
                    ("rowid", .int), ("entry_id", .text), ("owner", .text), ("title", .text), ("authors", .text), ("isbn", .text),
                    ("tags", .text), ("notes", .text), ("quotes", .text),
                ], rows: rows)
            try await indexWritten(rowids, on: db)
        }
    }

    /// The documents of entries never indexed (an import's), built by the database from the
    /// library in one statement: the same texts `SearchIndexer.documents(for:)` reads and joins
    /// (a test holds the two to the same rows), without every text crossing into Swift and back.
    /// Reading them out took an import a tenth of its time.
    package func writeNew(entryIDs: [UUID], on db: any SQLDatabase) async throws {
        for batch in entryIDs.chunked(into: 1000) {
            var added: [(id: String, date: Date)] = []
            for row in try await db.raw("SELECT id, date_added FROM library_entries WHERE id IN (\(binds: batch))").all() {
                let seconds = try row.decode(column: "date_added", as: Double?.self)
                added.append((try row.decode(column: "id", as: String.self), Date(timeIntervalSince1970: seconds ?? 0)))
            }
            guard !added.isEmpty else { continue }
            let rowids = try await freeRowids(for: added.map(\.date), on: db)
            var pairs: [UInt8] = Array("[".utf8)
            for (index, (entry, rowid)) in zip(added, rowids).enumerated() {
                if index > 0 { pairs.append(UInt8(ascii: ",")) }
                pairs.append(contentsOf: "[\(rowid),\"\(entry.id)\"]".utf8)
            }
            pairs.append(UInt8(ascii: "]"))
            try await db.raw(
                """
                INSERT INTO entry_search_docs (rowid, entry_id, owner, \(unsafeRaw: Self.columns))
                SELECT b.value ->> 0, e.id, e.user_id, \(unsafeRaw: Self.builtTexts)
                FROM jsonb_each(jsonb(\(bind: String(decoding: pairs, as: UTF8.self)))) b
                JOIN library_entries e ON e.id = b.value ->> 1
                JOIN works w ON w.id = e.work_id LEFT JOIN editions ed ON ed.id = e.edition_id
                """
            ).run()
            try await indexWritten(rowids, on: db)
        }
    }

    /// The document's texts (`columns`' order) of entry `e`, with its work `w` and edition `ed`, as
    /// `SearchIndexer.documents(for:)` reads and joins them.
    private static let builtTexts = """
        CASE WHEN w.subtitle IS NULL THEN w.title ELSE w.title || ': ' || w.subtitle END,
          coalesce((SELECT group_concat(a.name, char(30) ORDER BY wa.position) FROM work_authors wa
            JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = e.work_id), ''),
          CASE WHEN ed.isbn13 IS NULL THEN coalesce(ed.isbn10, '') WHEN ed.isbn10 IS NULL THEN ed.isbn13
            ELSE ed.isbn13 || ' ' || ed.isbn10 END,
          coalesce((SELECT group_concat(t.display, char(30) ORDER BY t.key) FROM entry_tags et
            JOIN tags t ON t.id = et.tag_id WHERE et.entry_id = e.id), ''),
          coalesce((SELECT group_concat(n.content, char(30) ORDER BY n.created_at, n.id) FROM notes n
            WHERE n.entry_id = e.id), ''),
          coalesce((SELECT group_concat(q.text, char(30) ORDER BY q.created_at, q.id) FROM quotes q
            WHERE q.entry_id = e.id), '')
        """

    /// Writes again the documents of entries already indexed (a note, a tag, an edition changed),
    /// in place and built by the database, in three statements for any number: the full-text index
    /// forgets the old texts, the documents are rebuilt where they stand (the rowid, date added's,
    /// does not change), and the index is told the new ones. A write used to spend ten statements on
    /// a note's reindex, each a turn of the writers' thread. An entry without a document yet is
    /// indexed as new; a document whose entry is gone is left as it was, its texts and index both
    /// (its removal, `remove`, tells the index to forget them, which must happen once only).
    package func rewrite(entryIDs: [UUID], on db: any SQLDatabase) async throws {
        for batch in entryIDs.chunked(into: 500) {
            let ids = batch.map(\.text)
            try await db.raw(
                """
                INSERT INTO entry_search (entry_search, rowid, \(unsafeRaw: Self.columns))
                SELECT 'delete', d.rowid, \(unsafeRaw: Self.columnsOfD)
                FROM entry_search_docs d
                WHERE d.entry_id IN (\(binds: ids)) AND EXISTS (SELECT 1 FROM library_entries e WHERE e.id = d.entry_id)
                """
            ).run()
            let rewritten = try await db.raw(
                """
                UPDATE entry_search_docs AS d SET (owner, \(unsafeRaw: Self.columns)) = (
                  SELECT e.user_id, \(unsafeRaw: Self.builtTexts)
                  FROM library_entries e JOIN works w ON w.id = e.work_id LEFT JOIN editions ed ON ed.id = e.edition_id
                  WHERE e.id = d.entry_id)
                WHERE d.entry_id IN (\(binds: ids)) AND EXISTS (SELECT 1 FROM library_entries e WHERE e.id = d.entry_id)
                RETURNING rowid, entry_id
                """
            ).all()
            var rowids: [Int64] = []
            var done = Set<String>()
            for row in rewritten {
                rowids.append(try row.decode(column: "rowid", as: Int64.self))
                done.insert(try row.decode(column: "entry_id", as: String.self))
            }
            if !rowids.isEmpty { try await indexWritten(rowids, on: db) }
            let unindexed = batch.filter { !done.contains($0.text) }
            if !unindexed.isEmpty { try await writeNew(entryIDs: unindexed, on: db) }
        }
    }

    /// A rowid for each date added: its base, or the first free slot after it (one query for all).
    private func freeRowids(for dates: [Date], on db: any SQLDatabase) async throws -> [Int64] {
        let bases = Array(Set(dates.map { Self.baseRowid($0) }))
        var taken = Set<Int64>()
        // One statement for all the ranges: the bases travel as one JSON array, each a rowid range.
        let list = "[" + bases.map(String.init).joined(separator: ",") + "]"
        for row in try await db.raw(
            """
            SELECT d.rowid AS rowid FROM json_each(\(bind: list)) AS b
            JOIN entry_search_docs AS d ON d.rowid >= b.value AND d.rowid < b.value + 1024
            """
        ).all() {
            taken.insert(try row.decode(column: "rowid", as: Int64.self))
        }
        return dates.map { date in
            var rowid = Self.baseRowid(date)
            while taken.contains(rowid) { rowid += 1 }
            taken.insert(rowid)
            return rowid
        }
    }

    /// External content: the full-text index is told the same texts, copied by the database from
    /// the rows just written (binding them again cost as much as writing them).
    private func indexWritten(_ rowids: [Int64], on db: any SQLDatabase) async throws {
        let written = "[" + rowids.map(String.init).joined(separator: ",") + "]"
        try await db.raw(
            """
            INSERT INTO entry_search (rowid, \(unsafeRaw: Self.columns))
            SELECT rowid, \(unsafeRaw: Self.columns) FROM entry_search_docs WHERE rowid IN (SELECT value FROM json_each(\(bind: written)))
            """
        ).run()
    }

    package func remove(entryIDs: [UUID], on db: any SQLDatabase) async throws {
        for batch in entryIDs.chunked(into: 500) {
            let ids = batch.map(\.text)
            // External content: FTS5 is told which texts to forget before they go.
            try await db.raw(
                """
                INSERT INTO entry_search (entry_search, rowid, \(unsafeRaw: Self.columns))
                SELECT 'delete', rowid, \(unsafeRaw: Self.columns) FROM entry_search_docs WHERE entry_id IN (\(binds: ids))
                """
            ).run()
            try await db.raw("DELETE FROM entry_search_docs WHERE entry_id IN (\(binds: ids))").run()
        }
    }

    /// Every word quoted (so nothing typed is FTS syntax) and a prefix; all required.
    package static func match(_ terms: SearchTerms) -> String {
        match(terms.words)
    }

    package static func match(_ words: [String]) -> String {
        words.map { "\"\($0)\"*" }.joined(separator: " AND ")
    }

    /// The word the index is asked for when there are several: the longest (a longer prefix matches
    /// fewer words), the later of equals. A prefix query makes FTS5 gather every posting of every
    /// word it begins, so two common prefixes cost twice one (`dogear bench search` prints both).
    package static func driver(_ words: [String]) -> String? {
        words.enumerated().max { ($0.element.count, $0.offset) < ($1.element.count, $1.offset) }?.element
    }

    package func condition(_ terms: SearchTerms, userID: UUID) -> SQLQueryString {
        // Fluent stores UUIDs in SQLite as their text form, as the docs table does.
        """
        e.id IN (SELECT d.entry_id FROM entry_search_docs d WHERE d.rowid IN \
        (SELECT rowid FROM entry_search WHERE entry_search MATCH \(bind: Self.match(terms))))
        """
    }

    /// `CAST(e.id AS TEXT)`: `e.id` is declared `UUID` (numeric affinity) and `d.entry_id` `TEXT`, and
    /// comparing them as they are applies numeric affinity to `d.entry_id`, which its index cannot
    /// answer: every start scanned the documents once per entry, so a large library kept
    /// `dogear serve` from answering `/health` for minutes (`dogear bench http` found it).
    package func entriesWithoutDocument(limit: Int, on db: any SQLDatabase) async throws -> [UUID] {
        try await db.raw(
            """
            SELECT e.id AS id FROM library_entries e \
            WHERE NOT EXISTS (SELECT 1 FROM entry_search_docs d WHERE d.entry_id = CAST(e.id AS TEXT)) LIMIT \(unsafeRaw: String(limit))
            """
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
    }

    /// The index's rowid order is date added, so newest first is its own order and stops after a page.
    package func newestFirst(_ terms: SearchTerms, userID: UUID, after cursor: UUID?) -> NewestFirstMatches? {
        var conditions: [SQLQueryString] = [
            "entry_search MATCH \(bind: Self.match(terms))", "d.owner = \(bind: userID.text)",
        ]
        if let cursor {
            conditions.append(
                "entry_search.rowid < (SELECT rowid FROM entry_search_docs WHERE entry_id = \(bind: cursor.text))")
        }
        var matches = NewestFirstMatches(
            from: """
                FROM entry_search JOIN entry_search_docs d ON d.rowid = entry_search.rowid \
                JOIN library_entries e ON e.id = d.entry_id LEFT JOIN editions ed ON ed.id = e.edition_id
                """,
            conditions: conditions, order: "entry_search.rowid")
        if terms.words.count > 1, let driver = Self.driver(terms.words) {
            matches.probe = NewestFirstMatches.Probe(
                conditions: ["entry_search MATCH \(bind: Self.match([driver]))"] + conditions.dropFirst(),
                words: terms.words.filter { $0 != driver },
                columns: "d.title, d.authors, d.isbn, d.tags, d.notes, d.quotes, entry_search.rowid AS position",
                position: "position", after: "entry_search.rowid <")
        }
        return matches
    }

    package func documents(_ entryIDs: [UUID], on db: any SQLDatabase) async throws -> [UUID: SearchDocument] {
        guard !entryIDs.isEmpty else { return [:] }
        let rows = try await db.raw(
            """
            SELECT entry_id, owner, \(unsafeRaw: Self.columns) FROM entry_search_docs
            WHERE entry_id IN (\(binds: entryIDs.map(\.text)))
            """
        ).all()
        var result: [UUID: SearchDocument] = [:]
        for row in rows {
            guard let id = UUID(text: try row.decode(column: "entry_id", as: String.self)) else { continue }
            let owner = UUID(text: try row.decode(column: "owner", as: String.self)) ?? id
            result[id] = try SearchDocument(row: row, entryID: id, userID: owner)
        }
        return result
    }
}

extension Array {
    package func chunked(into size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
