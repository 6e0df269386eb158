import DogearCore
import DogearStore
import DogearTransfer
import FluentKit
import Foundation
import SQLKit

/// Writes one batch of import rows for one reader, inside the caller's transaction, with a fixed
/// number of statements per batch (not per row): catalog matching, the reader's entries, tags,
/// notes, read-throughs and kept columns. It declares what it wrote (`WriteChanges.entriesImported`),
/// and the write path measures the works, indexes the entries and tells the sync log, set by set.
package struct ImportBatchWriter {
    package let db: any Database
    package let userID: UUID
    package let format: ImportFormat
    package let now: Date
    /// Where the time goes, when a benchmark asks.
    package var phases: ImportPhases?
    package var sql: any SQLDatabase { db.sql }

    package typealias Outcome = EntryPlan.Outcome

    package func write(_ rows: [PreparedRow], changes: WriteChanges) async throws -> [Outcome] {
        guard !rows.isEmpty else { return [] }
        var lap = phases?.start()
        var catalog = CatalogBatch(db: db, now: now)
        catalog.phases = phases
        let resolved = try await catalog.resolve(rows.map(\.book))
        lap = phases?.start()

        var plan = EntryPlan(userID: userID, format: format, now: now)
        try await load(works: Array(Set(resolved.map(\.workID))), into: &plan)
        phases?.record("existing entries", &lap)

        let others = try await catalog.otherEditions(rows, workIDs: resolved.map(\.workID), create: true)
        let outcomes = rows.indices.map {
            plan.plan(rows[$0], workID: resolved[$0].workID, editionID: resolved[$0].editionID, others: others[$0])
        }
        phases?.record("plan", &lap)
        let newEntries = plan.newEntries
        try await catalog.insertEditions(plan.newEditions)
        try await insertEntries(newEntries)
        for entry in plan.changedEntries.values { try await entry.save(on: db) }
        phases?.record("entries", &lap)
        try await writeAdditions(plan.additions)
        phases?.record("tags, notes, kept", &lap)

        let created = newEntries.map(\.id)
        let touched = Set(Array(plan.changedEntries.keys) + plan.additions.map(\.0)).subtracting(created)
        let touchedWorks = Set(newEntries.map(\.workID) + plan.changedEntries.values.map(\.$work.id))
        // Apps that sync hear of an import like of any other change: the entries it made or filled
        // in, and the sessions, notes and quotes of the entries it added to.
        changes.phases = phases
        changes.entriesImported(
            userID: userID, created: created, touched: Array(touched), works: touchedWorks,
            contentsAddedTo: plan.additions.map(\.0))
        return outcomes
    }

    /// The reader's entries for these works, and what they hold, into the plan.
    package func load(works workIDs: [UUID], into plan: inout EntryPlan) async throws {
        var found: [UUID] = []
        for chunk in workIDs.chunked(into: 500) {
            for entry in try await LibraryEntry.query(on: db).filter(\.$user.$id == userID).filter(\.$work.$id ~~ chunk).all() {
                plan.entryByWork[entry.$work.id] = entry
                found.append(entry.id!)
            }
        }
        for (entryID, holds) in try await loadExisting(found) { plan.existing[entryID] = holds }
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
            for row in try await sql.raw("SELECT entry_id, text, source_key FROM quotes WHERE entry_id IN (\(binds: chunk))")
                .all()
            {
                let entryID = try row.decode(column: "entry_id", as: UUID.self)
                result[entryID, default: .init()].quotes.insert(
                    EntryMerge.quoteKey(try row.decode(column: "text", as: String.self)))
                if let source = try row.decode(column: "source_key", as: String?.self) {
                    result[entryID, default: .init()].quotes.insert(EntryMerge.quoteSourceKey(source))
                }
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
            // The entry's own edition and its others, with their formats.
            for row in try await sql.raw(
                """
                SELECT e.id AS entry_id, ed.id AS edition_id, ed.format AS format FROM library_entries e
                JOIN editions ed ON ed.id = e.edition_id WHERE e.id IN (\(binds: chunk))
                UNION ALL
                SELECT ee.entry_id AS entry_id, ed.id AS edition_id, ed.format AS format FROM entry_editions ee
                JOIN editions ed ON ed.id = ee.edition_id WHERE ee.entry_id IN (\(binds: chunk))
                """
            ).all() {
                let entryID = try row.decode(column: "entry_id", as: UUID.self)
                result[entryID, default: .init()].editions.insert(try row.decode(column: "edition_id", as: UUID.self))
                if let format = try row.decode(column: "format", as: String?.self) {
                    result[entryID, default: .init()].editionFormats.insert(format)
                }
            }
        }
        return result
    }

    // MARK: writing what entries lack

    private func insertEntries(_ entries: [LibraryEntry.Values]) async throws {
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
                let id = UUID.timeOrdered()
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

        try await bulk.insert(
            EntryEdition.bulk,
            additions.flatMap { entryID, add in add.editions.map { EntryEdition.BulkRow(entryID: entryID, planned: $0, now: now) }
            })

        // Kept columns: one row per entry and format, replaced whole when it grows.
        // Two rows of one batch for the same entry: the later, fuller set is the one written.
        var keptByKey: [String: ImportedFields.BulkRow] = [:]
        var keptOrder: [String] = []
        for (entryID, add) in additions {
            for (name, fields) in add.kept.sorted(by: { $0.key < $1.key }) {
                let key = "\(entryID.text)|\(name)"
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

    package init(db: any Database, userID: UUID, format: ImportFormat, now: Date, phases: ImportPhases? = nil) {
        self.db = db
        self.userID = userID
        self.format = format
        self.now = now
        self.phases = phases
    }
}
