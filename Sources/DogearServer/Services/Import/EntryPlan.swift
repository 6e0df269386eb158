import DogearCore
import DogearTransfer
import Foundation

/// What an import does to one reader's entries, decided row by row in memory: a row whose work
/// the reader already has merges into that entry (or changes nothing); any other row makes a new
/// entry. The real run (`ImportBatchWriter`) plans each batch with it and then writes the result;
/// the dry run (`ImportPreviewPlanner`) keeps one plan over the whole file and writes nothing, so
/// both count created / merged / unchanged by the same rule.
struct EntryPlan {
    let userID: UUID
    let format: ImportFormat
    let now: Date

    enum Outcome: Equatable { case created, merged, unchanged }

    /// The reader's entries by work: loaded from the database, or planned by an earlier row.
    var entryByWork: [UUID: LibraryEntry] = [:]
    /// What those entries hold beyond their own columns.
    var existing: [UUID: EntryMerge.Existing] = [:]
    private(set) var newEntryIDs = Set<UUID>()

    // What to write (the real run empties these after each batch).
    var newEntries: [LibraryEntry] = []
    var newEditions: [Edition] = []
    var changedEntries: [UUID: LibraryEntry] = [:]
    var additions: [(UUID, EntryMerge.Additions)] = []

    init(userID: UUID, format: ImportFormat, now: Date) {
        self.userID = userID
        self.format = format
        self.now = now
    }

    /// Plans one row whose book is `workID` (and `editionID`, when its ISBN named one).
    mutating func plan(_ row: PreparedRow, workID: UUID, editionID: UUID?, others: [UUID?] = []) -> Outcome {
        let outcome = planEntry(row, workID: workID, editionID: editionID)
        guard !row.source.otherEditions.isEmpty, let entry = entryByWork[workID] else { return outcome }
        // A backup's other editions of the book.
        var planned: [EntryEdition.Planned] = []
        for (index, other) in row.source.otherEditions.enumerated() {
            let known = index < others.count ? others[index] : nil
            var id = known
            if id == nil {
                guard let format = other.format, !existing[entry.id!, default: .init()].editionFormats.contains(format) else {
                    continue
                }
                let edition = CatalogBatch.edition(other, workID: workID)
                newEditions.append(edition)
                id = edition.id
            }
            guard let editionID = id, editionID != entry.$edition.id,
                existing[entry.id!, default: .init()].editions.insert(editionID).inserted
            else { continue }
            if let format = other.format { existing[entry.id!, default: .init()].editionFormats.insert(format) }
            planned.append(.init(editionID: editionID, rating: other.rating, dateRead: other.dateRead, sourceID: other.sourceId))
        }
        guard !planned.isEmpty else { return outcome }
        var add = EntryMerge.Additions()
        add.editions = planned
        additions.append((entry.id!, add))
        return outcome == .unchanged ? .merged : outcome
    }

    private mutating func planEntry(_ row: PreparedRow, workID: UUID, editionID: UUID?) -> Outcome {
        if let entry = entryByWork[workID] {
            // Already in the library, or a second row of this file for a book it just added.
            let entryID = entry.id!
            let applied = EntryMerge.apply(row, to: entry, editionID: editionID)
            var changed = applied.changed
            var add = EntryMerge.additions(
                row, format: format, existing: &existing[entryID, default: .init()], pastRead: applied.pastRead)
            if let other = otherEdition(row, entry: entry, workID: workID, editionID: editionID) { add.editions.append(other) }
            // The read count follows the reads the entry now holds (never goes down).
            let reads = EntryMerge.finishedReads(entry, existing: existing[entryID, default: .init()])
            if applied.pastRead != nil, reads > entry.readCount {
                entry.readCount = reads
                changed = true
            }
            if changed, !newEntryIDs.contains(entryID) { changedEntries[entryID] = entry }
            if !add.isEmpty { additions.append((entryID, add)) }
            return changed || !add.isEmpty ? .merged : .unchanged
        }
        var editionID = editionID
        if editionID == nil, let edition = CatalogBatch.editionWithoutISBN(row.book, workID: workID) {
            newEditions.append(edition)
            editionID = edition.id
        }
        let entry = newEntry(row, workID: workID, editionID: editionID)
        newEntries.append(entry)
        newEntryIDs.insert(entry.id!)
        entryByWork[workID] = entry
        if let editionID { existing[entry.id!, default: .init()].editions.insert(editionID) }
        if let format = row.book.format?.rawValue { existing[entry.id!, default: .init()].editionFormats.insert(format) }
        let add = EntryMerge.additions(row, format: format, existing: &existing[entry.id!, default: .init()])
        if !add.isEmpty { additions.append((entry.id!, add)) }
        return .created
    }

    /// Another edition the row says the reader has: the one its ISBN names, or, without an ISBN, a
    /// new edition from its facts when the entry has none of that format yet (a Kindle edition).
    private mutating func otherEdition(_ row: PreparedRow, entry: LibraryEntry, workID: UUID, editionID: UUID?)
        -> EntryEdition.Planned?
    {
        let entryID = entry.id!
        if let editionID {
            guard editionID != entry.$edition.id else { return nil }
            return EntryMerge.otherEdition(row, editionID: editionID, existing: &existing[entryID, default: .init()])
        }
        guard let format = row.book.format?.rawValue, !existing[entryID, default: .init()].editionFormats.contains(format),
            let edition = CatalogBatch.editionWithoutISBN(row.book, workID: workID)
        else { return nil }
        newEditions.append(edition)
        return EntryMerge.otherEdition(row, editionID: edition.id!, existing: &existing[entryID, default: .init()])
    }

    /// Forgets what was to be written (the batch was written, or it is a dry run), keeping what
    /// later rows are compared with.
    mutating func clearWrites() {
        newEntries.removeAll()
        newEditions.removeAll()
        changedEntries.removeAll()
        additions.removeAll()
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
}
