import DogearCore
import FluentKit
import Foundation
import SQLKit

/// Builds search documents from the library and writes them to the dialect's index. Called in the
/// same transaction as every change to what the index mirrors (entry, edition, tags, notes, quotes).
package struct SearchIndexer {
    package let db: any Database
    package var sql: any SQLDatabase { db.sql }
    package var index: any SearchIndex { SearchIndexes.forDatabase(sql) }
    /// Where an import's time goes (`dogear bench import`): reading the documents, then writing them.
    package var phases: ImportPhases?

    /// Writes the documents of these entries; `new: true` for entries never indexed (an import's).
    package func reindex(_ entryIDs: [UUID], new: Bool = false) async throws {
        guard !entryIDs.isEmpty else { return }
        if !new {
            // Two transactions changing one entry at once (a note and a status change) each rewrite
            // its document: the entries are locked first (in one order), so the second reads what
            // the first committed, and its delete sees the first's insert. Without it the second's
            // insert broke the unique key (a 409 under load, 4 in 20,000). NO KEY UPDATE, the lock an
            // UPDATE of the entry takes, not FOR UPDATE: a note's insert holds KEY SHARE on its entry
            // (the foreign key), which FOR UPDATE waits for, so two notes at once deadlocked (500).
            // UUID's own order is its bytes', the same as its text's (`UUIDTextTests`).
            let dialect = sql.databaseDialect
            for batch in entryIDs.sorted().chunked(into: 1000) {
                // Nil where writers take turns already (SQLite): nothing to lock, for any batch.
                guard let lock = dialect.lockRows(of: "library_entries", ids: batch, .noKeyUpdate) else { break }
                try await sql.raw(lock).run()
            }
        }
        var lap = phases?.start()
        if !new, let sqlite = index as? SQLiteSearchIndex {
            // SQLite rebuilds changed documents in place, as it builds new ones (below).
            try await sqlite.rewrite(entryIDs: entryIDs, on: sql)
            phases?.record("search index: documents rewritten by SQLite", &lap)
            return
        }
        if new, let sqlite = index as? SQLiteSearchIndex {
            // SQLite builds new entries' documents itself; PostgreSQL's index takes them from here.
            try await sqlite.writeNew(entryIDs: entryIDs, on: sql)
            phases?.record("search index: documents written by SQLite", &lap)
            return
        }
        let documents = try await documents(for: entryIDs)
        phases?.record("search index: documents", &lap)
        try await index.write(documents, replacing: !new, on: sql)
        phases?.record("search index: write", &lap)
    }

    package func remove(_ entryIDs: [UUID]) async throws {
        try await index.remove(entryIDs: entryIDs, on: sql)
    }

    /// Indexes the entries the index has no document for (those of a database that had books before
    /// the index existed), a thousand at a time. Run after migrating; finds nothing on a database
    /// whose index is whole, with one query.
    @discardableResult
    package func indexMissing() async throws -> Int {
        var total = 0
        while true {
            let ids = try await index.entriesWithoutDocument(limit: 1000, on: sql)
            if ids.isEmpty { return total }
            try await reindex(ids, new: true)
            total += ids.count
        }
    }

    /// Indexes every entry, a thousand at a time: for benchmarks.
    @discardableResult
    package func rebuildAll() async throws -> Int {
        var total = 0
        var after: UUID?
        while true {
            var query = LibraryEntry.query(on: db).field(\.$id).sort(\.$id).limit(1000)
            if let after { query = query.filter(\.$id > after) }
            let ids = try await query.all().map { try $0.requireID() }
            if ids.isEmpty { return total }
            try await reindex(ids)
            total += ids.count
            after = ids.last
        }
    }

    /// Five queries for any number of entries (entries with work and edition, authors, tags, notes,
    /// quotes), read as plain rows: an import reindexes thousands of entries.
    package func documents(for entryIDs: [UUID]) async throws -> [SearchDocument] {
        var docs: [UUID: SearchDocument] = [:]
        let rows = LeanRows(db: db)
        let dialect = sql.databaseDialect
        for batch in entryIDs.chunked(into: 1000) {
            var workOf: [UUID: UUID] = [:]
            for row in try await rows.all(
                """
                SELECT e.id AS id, e.user_id AS user_id, e.work_id AS work_id, \(unsafeRaw: dialect.seconds("e.date_added")) AS date_added,
                       w.title AS title, w.subtitle AS subtitle, ed.isbn13 AS isbn13, ed.isbn10 AS isbn10
                FROM library_entries e JOIN works w ON w.id = e.work_id LEFT JOIN editions ed ON ed.id = e.edition_id
                WHERE e.id IN (\(binds: batch))
                """
            ) {
                let id = try row.requireUUID("id")
                let title = [try row.requireString("title"), try row.string("subtitle")].compactMap { $0 }.joined(separator: ": ")
                docs[id] = SearchDocument(
                    entryID: id, userID: try row.requireUUID("user_id"),
                    dateAdded: try row.date("date_added") ?? Date(timeIntervalSince1970: 0), title: title, authors: [],
                    isbns: [try row.string("isbn13"), try row.string("isbn10")].compactMap { $0 }, tags: [], notes: [], quotes: []
                )
                workOf[id] = try row.requireUUID("work_id")
            }
            guard !workOf.isEmpty else { continue }
            var authors: [UUID: [String]] = [:]
            for row in try await rows.all(
                """
                SELECT wa.work_id AS work_id, a.name AS name FROM work_authors wa JOIN authors a ON a.id = wa.author_id
                WHERE wa.work_id IN (\(binds: Array(Set(workOf.values)))) ORDER BY wa.position
                """
            ) {
                authors[try row.requireUUID("work_id"), default: []].append(try row.requireString("name"))
            }
            for (entryID, workID) in workOf { docs[entryID]?.authors = authors[workID] ?? [] }
            for row in try await rows.all(
                """
                SELECT et.entry_id AS entry_id, t.display AS display FROM entry_tags et JOIN tags t ON t.id = et.tag_id
                WHERE et.entry_id IN (\(binds: batch)) ORDER BY t.key
                """
            ) {
                docs[try row.requireUUID("entry_id")]?.tags.append(try row.requireString("display"))
            }
            for row in try await rows.all(
                "SELECT entry_id, content FROM notes WHERE entry_id IN (\(binds: batch)) ORDER BY created_at, id"
            ) {
                docs[try row.requireUUID("entry_id")]?.notes.append(try row.requireString("content"))
            }
            for row in try await rows.all(
                "SELECT entry_id, text FROM quotes WHERE entry_id IN (\(binds: batch)) ORDER BY created_at, id"
            ) {
                docs[try row.requireUUID("entry_id")]?.quotes.append(try row.requireString("text"))
            }
        }
        return entryIDs.compactMap { docs[$0] }
    }

    package init(db: any Database, phases: ImportPhases? = nil) {
        self.db = db
        self.phases = phases
    }
}
