import Foundation
import DogearCore
import Fluent
import SQLKit

/// Builds search documents from the library and writes them to the dialect's index. Called in the
/// same transaction as every change to what the index mirrors (entry, edition, tags, notes, quotes).
struct SearchIndexer {
    let db: any Database
    var sql: any SQLDatabase { db as! any SQLDatabase }
    var index: any SearchIndex { SearchIndexes.forDatabase(sql) }

    func reindex(_ entryIDs: [UUID]) async throws {
        guard !entryIDs.isEmpty else { return }
        try await index.write(try await documents(for: entryIDs), on: sql)
    }

    func remove(_ entryIDs: [UUID]) async throws {
        try await index.remove(entryIDs: entryIDs, on: sql)
    }

    /// Indexes every entry, a thousand at a time: for the migration and for benchmarks.
    @discardableResult
    func rebuildAll() async throws -> Int {
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

    /// Five queries for any number of entries: entries with work and edition, authors, tags, notes, quotes.
    func documents(for entryIDs: [UUID]) async throws -> [SearchDocument] {
        var docs: [UUID: SearchDocument] = [:]
        var workOf: [UUID: UUID] = [:]
        for batch in entryIDs.chunked(into: 1000) {
            let rows = try await LibraryEntry.query(on: db)
                .filter(\.$id ~~ batch)
                .join(Work.self, on: \LibraryEntry.$work.$id == \Work.$id)
                .join(Edition.self, on: \LibraryEntry.$edition.$id == \Edition.$id, method: .left)
                .all()
            for entry in rows {
                let id = try entry.requireID()
                let work = try entry.joined(Work.self)
                let edition = entry.$edition.id == nil ? nil : try? entry.joined(Edition.self)
                let title = [work.title, work.subtitle].compactMap { $0 }.joined(separator: ": ")
                docs[id] = SearchDocument(entryID: id, userID: entry.$user.id, dateAdded: entry.dateAdded, title: title, authors: [],
                                          isbns: [edition?.isbn13, edition?.isbn10].compactMap { $0 },
                                          tags: [], notes: [], quotes: [])
                workOf[id] = entry.$work.id
            }
            let batchWorks = batch.compactMap { workOf[$0] }
            let authors = try await CatalogLoader(db: db).authorsByWork(Array(Set(batchWorks)))
            for entryID in batch {
                guard let workID = workOf[entryID] else { continue }
                docs[entryID]?.authors = (authors[workID] ?? []).map(\.name)
            }
            for link in try await EntryTag.query(on: db).filter(\.$entry.$id ~~ batch)
                .join(Tag.self, on: \EntryTag.$tag.$id == \Tag.$id).all() {
                docs[link.$entry.id]?.tags.append(try link.joined(Tag.self).display)
            }
            for note in try await Note.query(on: db).filter(\.$entry.$id ~~ batch).sort(\.$createdAt).all() {
                docs[note.$entry.id]?.notes.append(note.content)
            }
            for quote in try await Quote.query(on: db).filter(\.$entry.$id ~~ batch).sort(\.$createdAt).all() {
                docs[quote.$entry.id]?.quotes.append(quote.text)
            }
        }
        return entryIDs.compactMap { docs[$0] }
    }
}
