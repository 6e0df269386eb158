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
    var sql: any SQLDatabase { db as! any SQLDatabase }

    enum Outcome: Equatable { case created, merged, unchanged }

    func write(_ rows: [PreparedRow]) async throws -> [Outcome] {
        guard !rows.isEmpty else { return [] }
        let catalog = CatalogBatch(db: db)
        let resolved = try await catalog.resolve(rows.map(\.book))

        // The reader's entries for these works, and what they hold.
        let workIDs = Array(Set(resolved.map(\.workID)))
        var entryByWork: [UUID: LibraryEntry] = [:]
        for chunk in workIDs.chunked(into: 500) {
            for entry in try await LibraryEntry.query(on: db).filter(\.$user.$id == userID).filter(\.$work.$id ~~ chunk).all() {
                entryByWork[entry.$work.id] = entry
            }
        }
        var existing = try await loadExisting(Array(entryByWork.values.compactMap(\.id)))

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

        for chunk in newEditions.chunked(into: 300) { try await chunk.create(on: db) }
        for chunk in newEntries.chunked(into: 500) { try await chunk.create(on: db) }
        for entry in changedEntries.values { try await entry.save(on: db) }
        try await writeAdditions(additions)

        let touched = newEntries.compactMap(\.id) + Array(changedEntries.keys) + additions.map(\.0)
        let touchedWorks = Set(newEntries.map(\.$work.id) + changedEntries.values.map(\.$work.id))
        try await WorkAggregates(db: db).refresh(workIDs: Array(touchedWorks))
        try await SearchIndexer(db: db).reindex(Array(Set(touched)))
        return outcomes
    }

    private func newEntry(_ row: PreparedRow, workID: UUID, editionID: UUID?) -> LibraryEntry {
        let valid = row.entry
        let entry = LibraryEntry(userID: userID, workID: workID, editionID: editionID, dateAdded: dateAdded(row.source))
        entry.id = UUID()
        entry.owned = valid.owned
        entry.onWishlist = valid.onWishlist
        entry.favorite = valid.favorite
        entry.rating = valid.rating
        entry.preciseRating = valid.preciseRating
        entry.dailyGoalPages = valid.dailyGoalPages
        entry.recommendedBy = valid.recommendedBy
        entry.wouldRecommend = valid.wouldRecommend
        entry.isPublic = valid.isPublic
        entry.countsTowardCulturalGoal = valid.countsTowardCulturalGoal
        entry.culturalGoalCategory = valid.culturalGoalCategory
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
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let midnight = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))!
            return midnight.addingTimeInterval(86_400 - 1 - offset)
        }
        return now.addingTimeInterval(-offset)
    }

    // MARK: what entries already hold

    private func loadExisting(_ entryIDs: [UUID]) async throws -> [UUID: EntryMerge.Existing] {
        var result: [UUID: EntryMerge.Existing] = [:]
        guard !entryIDs.isEmpty else { return result }
        for chunk in entryIDs.chunked(into: 500) {
            for row in try await sql.raw("""
                SELECT et.entry_id AS entry_id, t.key AS key FROM entry_tags et JOIN tags t ON t.id = et.tag_id
                WHERE et.entry_id IN (\(binds: chunk))
                """).all() {
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
            for row in try await sql.raw("""
                SELECT entry_id, started_on, finished_on, outcome FROM read_throughs WHERE entry_id IN (\(binds: chunk))
                """).all() {
                result[try row.decode(column: "entry_id", as: UUID.self), default: .init()].readThroughs.insert(EntryMerge.readKey(
                    started: try row.decode(column: "started_on", as: String?.self),
                    finished: try row.decode(column: "finished_on", as: String?.self),
                    outcome: try row.decode(column: "outcome", as: String.self)))
            }
            for row in try await sql.raw("""
                SELECT entry_id, date, minutes, pages_read, start_page FROM reading_sessions WHERE entry_id IN (\(binds: chunk))
                """).all() {
                let session = ImportedSession(
                    date: try row.decode(column: "date", as: String.self), minutes: try row.decode(column: "minutes", as: Int.self),
                    pagesRead: try row.decode(column: "pages_read", as: Int?.self),
                    startPage: try row.decode(column: "start_page", as: Int?.self))
                result[try row.decode(column: "entry_id", as: UUID.self), default: .init()].sessions.insert(EntryMerge.sessionKey(session))
            }
            for fields in try await ImportedFields.query(on: db).filter(\.$entry.$id ~~ chunk).all() {
                result[fields.$entry.id, default: .init()].kept[fields.format] = fields.values
            }
        }
        return result
    }

    // MARK: writing what entries lack

    private func writeAdditions(_ additions: [(UUID, EntryMerge.Additions)]) async throws {
        guard !additions.isEmpty else { return }
        // Tags: the reader's, found or made, then the links.
        let names = additions.flatMap { $0.1.tags }
        if !names.isEmpty {
            var tagByKey: [String: UUID] = [:]
            for chunk in Array(Set(names.map(\.key))).chunked(into: 500) {
                for tag in try await Tag.query(on: db).filter(\.$user.$id == userID).filter(\.$key ~~ chunk).all() {
                    tagByKey[tag.key] = tag.id
                }
            }
            var missing: [Tag] = []
            for name in names where tagByKey[name.key] == nil {
                let tag = Tag(userID: userID, key: name.key, display: name.display)
                tag.id = UUID()
                tagByKey[name.key] = tag.id
                missing.append(tag)
            }
            for chunk in missing.chunked(into: 500) { try await chunk.create(on: db) }
            let links = additions.flatMap { entryID, add in add.tags.map { EntryTag(entryID: entryID, tagID: tagByKey[$0.key]!) } }
            for chunk in links.chunked(into: 500) { try await chunk.create(on: db) }
        }

        let notes = additions.flatMap { entryID, add in
            add.notes.map { Note(entryID: entryID, userID: userID, content: $0.content, isDiscussion: $0.isDiscussion) }
        }
        for chunk in notes.chunked(into: 500) { try await chunk.create(on: db) }
        let quotes = additions.flatMap { entryID, add in
            add.quotes.map { Quote(entryID: entryID, userID: userID, text: $0.text, page: $0.page) }
        }
        for chunk in quotes.chunked(into: 500) { try await chunk.create(on: db) }
        // A backup's notes and quotes keep the moment they were written (Fluent stamps "now" on create).
        let stamped = zip(notes, additions.flatMap { $0.1.notes }).compactMap { note, source in source.createdAt.map { (note.id!, $0) } }
        for (id, date) in stamped {
            try await sql.update("notes").set("created_at", to: date).set("updated_at", to: date).where("id", .equal, id).run()
        }
        let stampedQuotes = zip(quotes, additions.flatMap { $0.1.quotes }).compactMap { quote, source in source.createdAt.map { (quote.id!, $0) } }
        for (id, date) in stampedQuotes {
            try await sql.update("quotes").set("created_at", to: date).set("updated_at", to: date).where("id", .equal, id).run()
        }

        let reads = additions.flatMap { entryID, add in
            add.readThroughs.map {
                ReadThrough(entryID: entryID, startedOn: $0.started?.description, finishedOn: $0.finished?.description,
                            outcome: $0.outcome.rawValue)
            }
        }
        for chunk in reads.chunked(into: 500) { try await chunk.create(on: db) }
        let sessions = additions.flatMap { entryID, add in
            add.sessions.map { source -> ReadingSession in
                let session = ReadingSession()
                session.$entry.id = entryID
                session.date = source.date
                session.minutes = source.minutes
                session.pagesRead = source.pagesRead
                session.startPage = source.startPage
                session.endPage = source.endPage
                return session
            }
        }
        for chunk in sessions.chunked(into: 500) { try await chunk.create(on: db) }

        // Kept columns: one row per entry and format, replaced whole when it grows.
        var keptRows: [ImportedFields] = []
        var replaced: [UUID: Set<String>] = [:]
        for (entryID, add) in additions {
            for (name, fields) in add.kept {
                keptRows.append(ImportedFields(entryID: entryID, format: name, fields: fields))
            }
            if !add.replacedKept.isEmpty { replaced[entryID, default: []].formUnion(add.replacedKept) }
        }
        if !keptRows.isEmpty {
            for (entryID, formats) in replaced {
                try await ImportedFields.query(on: db).filter(\.$entry.$id == entryID).filter(\.$format ~~ Array(formats)).delete()
            }
            for chunk in keptRows.chunked(into: 500) { try await chunk.create(on: db) }
        }
    }
}
