import DogearCore
import DogearTransfer
import Fluent
import Foundation
import SQLKit

/// Writes one batch of import rows for one reader, inside the caller's transaction, with a fixed
/// number of statements per batch (not per row): catalog matching, the reader's entries, tags,
/// notes, read-throughs, kept columns, work aggregates and the search index.
struct ImportBatchWriter {
    let db: any Database
    let userID: UUID
    let format: ImportFormat
    let now: Date
    /// Where the time goes, when a benchmark asks.
    var phases: ImportPhases?
    var sql: any SQLDatabase { db.sql }

    enum Outcome: Equatable { case created, merged, unchanged }

    func write(_ rows: [PreparedRow]) async throws -> [Outcome] {
        guard !rows.isEmpty else { return [] }
        var lap = phases?.start()
        let catalog = CatalogBatch(db: db, now: now)
        let resolved = try await catalog.resolve(rows.map(\.book))
        phases?.record("catalog", &lap)

        // The reader's entries for these works, and what they hold.
        let workIDs = Array(Set(resolved.map(\.workID)))
        var entryByWork: [UUID: LibraryEntry] = [:]
        for chunk in workIDs.chunked(into: 500) {
            for entry in try await LibraryEntry.query(on: db).filter(\.$user.$id == userID).filter(\.$work.$id ~~ chunk).all() {
                entryByWork[entry.$work.id] = entry
            }
        }
        var existing = try await loadExisting(Array(entryByWork.values.compactMap(\.id)))
        phases?.record("existing entries", &lap)

        var outcomes: [Outcome] = []
        var newEntries: [LibraryEntry] = []
        var newEntryIDs = Set<UUID>()
        var newEditions: [Edition] = []
        var changedEntries: [UUID: LibraryEntry] = [:]
        var additions: [(UUID, EntryMerge.Additions)] = []
        for (index, row) in rows.enumerated() {
            let workID = resolved[index].workID
            if let entry = entryByWork[workID] {
                // Already in the library, or a second row of this batch for a book it just added.
                let entryID = entry.id!
                let changed = EntryMerge.apply(row, to: entry, editionID: resolved[index].editionID)
                let add = EntryMerge.additions(row, format: format, existing: &existing[entryID, default: .init()])
                if changed, !newEntryIDs.contains(entryID) { changedEntries[entryID] = entry }
                if !add.isEmpty { additions.append((entryID, add)) }
                outcomes.append(changed || !add.isEmpty ? .merged : .unchanged)
                continue
            }
            var editionID = resolved[index].editionID
            if editionID == nil, let edition = catalog.editionWithoutISBN(row.book, workID: workID) {
                newEditions.append(edition)
                editionID = edition.id
            }
            let entry = newEntry(row, workID: workID, editionID: editionID)
            newEntries.append(entry)
            newEntryIDs.insert(entry.id!)
            entryByWork[workID] = entry
            let add = EntryMerge.additions(row, format: format, existing: &existing[entry.id!, default: .init()])
            if !add.isEmpty { additions.append((entry.id!, add)) }
            outcomes.append(.created)
        }

        phases?.record("plan", &lap)
        try await catalog.insertEditions(newEditions)
        try await insertEntries(newEntries)
        for entry in changedEntries.values { try await entry.save(on: db) }
        phases?.record("entries", &lap)
        try await writeAdditions(additions)
        phases?.record("tags, notes, kept", &lap)

        let created = newEntries.compactMap(\.id)
        let touched = Set(Array(changedEntries.keys) + additions.map(\.0)).subtracting(created)
        let touchedWorks = Set(newEntries.map(\.$work.id) + changedEntries.values.map(\.$work.id))
        try await WorkAggregates(db: db).refresh(workIDs: Array(touchedWorks))
        phases?.record("aggregates", &lap)
        try await SearchIndexer(db: db).reindex(created, new: true)
        try await SearchIndexer(db: db).reindex(Array(touched))
        phases?.record("search index", &lap)
        return outcomes
    }

    private func newEntry(_ row: PreparedRow, workID: UUID, editionID: UUID?) -> LibraryEntry {
        let valid = row.entry
        let entry = LibraryEntry(
            userID: userID, workID: workID, editionID: editionID, dateAdded: dateAdded(row.source), fields: valid)
        entry.id = UUID()
        // The file's dates as they are: an import records history, it does not make any up.
        let position = row.source.position
        entry.readingState = ReadingState(
            status: valid.status, dateStarted: valid.dateStarted, dateFinished: valid.dateFinished,
            currentPage: position?.currentPage, currentMinutes: position?.currentMinutes,
            progress: position?.progress ?? (valid.status == .read ? 1 : 0),
            readCount: PreparedRow.readCount(row))
        entry.totalMinutes = position?.totalMinutes ?? 0
        return entry
    }

    /// The moment a backup gives; else the file's day, at a moment that keeps the file's order
    /// (first row newest, as exports list them) and gives each row its own millisecond.
    private func dateAdded(_ row: ImportedRow) -> Date {
        if let exact = row.addedAt { return exact }
        let offset = Double(min(row.line, 86_000_000)) / 1000
        if let day = row.dateAdded {
            // Midnight UTC by day arithmetic: a Calendar per row showed in the import's profile.
            return Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400 + 86_400 - 1 - offset)
        }
        return now.addingTimeInterval(-offset)
    }

    // MARK: what entries already hold

    private func loadExisting(_ entryIDs: [UUID]) async throws -> [UUID: EntryMerge.Existing] {
        var result: [UUID: EntryMerge.Existing] = [:]
        guard !entryIDs.isEmpty else { return result }
        for chunk in entryIDs.chunked(into: 500) {
            for row in try await sql.raw(
                """
                SELECT et.entry_id AS entry_id, t.key AS key FROM entry_tags et JOIN tags t ON t.id = et.tag_id
                WHERE et.entry_id IN (\(binds: chunk))
                """
            ).all() {
                result[try row.decode(column: "entry_id", as: UUID.self), default: .init()].tagKeys
                    .insert(try row.decode(column: "key", as: String.self))
            }
            for row in try await sql.raw("SELECT entry_id, content FROM notes WHERE entry_id IN (\(binds: chunk))").all() {
                result[try row.decode(column: "entry_id", as: UUID.self), default: .init()].notes
                    .insert(EntryMerge.noteKey(try row.decode(column: "content", as: String.self)))
            }
            for row in try await sql.raw("SELECT entry_id, text FROM quotes WHERE entry_id IN (\(binds: chunk))").all() {
                result[try row.decode(column: "entry_id", as: UUID.self), default: .init()].quotes
                    .insert(EntryMerge.quoteKey(try row.decode(column: "text", as: String.self)))
            }
            for row in try await sql.raw(
                """
                SELECT entry_id, started_on, finished_on, outcome FROM read_throughs WHERE entry_id IN (\(binds: chunk))
                """
            ).all() {
                result[try row.decode(column: "entry_id", as: UUID.self), default: .init()].readThroughs.insert(
                    EntryMerge.readKey(
                        started: try row.decode(column: "started_on", as: String?.self),
                        finished: try row.decode(column: "finished_on", as: String?.self),
                        outcome: try row.decode(column: "outcome", as: String.self)))
            }
            for row in try await sql.raw(
                """
                SELECT entry_id, date, minutes, pages_read, start_page FROM reading_sessions WHERE entry_id IN (\(binds: chunk))
                """
            ).all() {
                let session = ImportedSession(
                    date: try row.decode(column: "date", as: String.self),
                    minutes: try row.decode(column: "minutes", as: Int.self),
                    pagesRead: try row.decode(column: "pages_read", as: Int?.self),
                    startPage: try row.decode(column: "start_page", as: Int?.self))
                result[try row.decode(column: "entry_id", as: UUID.self), default: .init()].sessions.insert(
                    EntryMerge.sessionKey(session))
            }
            for fields in try await ImportedFields.query(on: db).filter(\.$entry.$id ~~ chunk).all() {
                result[fields.$entry.id, default: .init()].kept[fields.format] = fields.values
            }
        }
        return result
    }

    // MARK: writing what entries lack

    private func insertEntries(_ entries: [LibraryEntry]) async throws {
        try await BulkInsert(sql: sql).insert(LibraryEntry.bulk, entries.map { .init(entry: $0, now: now) })
    }

    private func writeAdditions(_ additions: [(UUID, EntryMerge.Additions)]) async throws {
        guard !additions.isEmpty else { return }
        let bulk = BulkInsert(sql: sql)
        // Tags: the reader's, found or made, then the links.
        let names = additions.flatMap { $0.1.tags }
        if !names.isEmpty {
            var tagByKey: [String: UUID] = [:]
            for chunk in Array(Set(names.map(\.key))).chunked(into: 500) {
                for row in try await sql.raw(
                    """
                    SELECT id, key FROM tags WHERE user_id = \(bind: userID) AND key IN (\(binds: chunk))
                    """
                ).all() {
                    tagByKey[try row.decode(column: "key", as: String.self)] = try row.decode(column: "id", as: UUID.self)
                }
            }
            var missing: [Tag.BulkRow] = []
            for name in names where tagByKey[name.key] == nil {
                let id = UUID()
                tagByKey[name.key] = id
                missing.append(.init(id: id, userID: userID, name: name, now: now))
            }
            try await bulk.insert(Tag.bulk, missing)
            try await bulk.insert(
                EntryTag.bulk,
                additions.flatMap { entryID, add in
                    add.tags.map { EntryTag.BulkRow(entryID: entryID, tagID: tagByKey[$0.key]!, now: now) }
                })
        }

        // Notes and quotes keep the moment a backup says they were written.
        try await bulk.insert(
            Note.bulk,
            additions.flatMap { entryID, add in
                add.notes.map { Note.BulkRow(entryID: entryID, userID: userID, note: $0, now: now) }
            })
        try await bulk.insert(
            Quote.bulk,
            additions.flatMap { entryID, add in
                add.quotes.map { Quote.BulkRow(entryID: entryID, userID: userID, quote: $0, now: now) }
            })
        try await bulk.insert(
            ReadThrough.bulk,
            additions.flatMap { entryID, add in add.readThroughs.map { ReadThrough.BulkRow(entryID: entryID, read: $0, now: now) }
            })
        try await bulk.insert(
            ReadingSession.bulk,
            additions.flatMap { entryID, add in
                add.sessions.map { ReadingSession.BulkRow(entryID: entryID, session: $0, now: now) }
            })

        // Kept columns: one row per entry and format, replaced whole when it grows.
        // Two rows of one batch for the same entry: the later, fuller set is the one written.
        var keptByKey: [String: ImportedFields.BulkRow] = [:]
        var keptOrder: [String] = []
        for (entryID, add) in additions {
            for (name, fields) in add.kept.sorted(by: { $0.key < $1.key }) {
                let key = "\(entryID)|\(name)"
                if keptByKey[key] == nil { keptOrder.append(key) }
                keptByKey[key] = .init(entryID: entryID, format: name, fields: fields, now: now)
            }
            if !add.replacedKept.isEmpty {
                try await sql.raw(
                    """
                    DELETE FROM imported_fields WHERE entry_id = \(bind: entryID) AND format IN (\(binds: Array(add.replacedKept)))
                    """
                ).run()
            }
        }
        try await bulk.insert(ImportedFields.bulk, keptOrder.map { keptByKey[$0]! })
    }
}

/// Time spent in each step of the import batches, summed (for `dogear bench import`).
final class ImportPhases: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var totals: [String: Duration] = [:]
    private let clock = ContinuousClock()

    func start() -> ContinuousClock.Instant { clock.now }

    func record(_ name: String, _ since: inout ContinuousClock.Instant?) {
        guard let started = since else { return }
        let now = clock.now
        lock.lock()
        totals[name, default: .zero] += now - started
        lock.unlock()
        since = now
    }
}
