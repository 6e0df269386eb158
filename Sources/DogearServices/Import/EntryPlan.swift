import DogearCore
import DogearStore
import DogearTransfer
import Foundation

/// What an import does to one reader's entries, decided row by row in memory: a row whose work
/// the reader already has merges into that entry (or changes nothing); any other row makes a new
/// entry. The real run (`ImportBatchWriter`) plans each batch with it and then writes the result;
/// the dry run (`ImportPreviewPlanner`) keeps one plan over the whole file and writes nothing, so
/// both count created / merged / unchanged by the same rule.
package struct EntryPlan {
    package let userID: UUID
    package let format: ImportFormat
    package let now: Date

    package enum Outcome: Equatable { case created, merged, unchanged }

    /// The reader's entries by work, loaded from the database.
    package var entryByWork: [UUID: LibraryEntry] = [:]
    /// The entries this plan makes, by work, as plain values: kept after a batch is written, so a
    /// dry run compares later rows of the file with them.
    private(set) var plannedByWork: [UUID: LibraryEntry.Values] = [:]
    /// What those entries hold beyond their own columns.
    package var existing: [UUID: EntryMerge.Existing] = [:]

    // What to write (the real run empties these after each batch).
    /// The works of this batch's new entries, in the file's order.
    private var plannedWorks: [UUID] = []
    package var newEntries: [LibraryEntry.Values] { plannedWorks.map { plannedByWork[$0]! } }
    package var newEditions: [Edition.Values] = []
    package var changedEntries: [UUID: LibraryEntry] = [:]
    package var additions: [(UUID, EntryMerge.Additions)] = []

    package init(userID: UUID, format: ImportFormat, now: Date) {
        self.userID = userID
        self.format = format
        self.now = now
    }

    /// Plans one row whose book is `workID` (and `editionID`, when its ISBN named one); `others` are
    /// the editions a backup row lists as the reader's others (`CatalogBatch.otherEditions`).
    package mutating func plan(_ row: PreparedRow, workID: UUID, editionID: UUID?, others: [UUID?] = []) -> Outcome {
        if let entry = entryByWork[workID] {
            // Already in the library.
            let (outcome, changed) = merge(row, into: entry, workID: workID, editionID: editionID, others: others)
            if changed { changedEntries[entry.id!] = entry }
            return outcome
        }
        if let planned = plannedByWork[workID] {
            // A second row of this file for a book it adds: the merge rules work on the model.
            let entry = LibraryEntry(values: planned)
            let (outcome, _) = merge(row, into: entry, workID: workID, editionID: editionID, others: others)
            plannedByWork[workID] = LibraryEntry.Values(entry)
            return outcome
        }
        var editionID = editionID
        if editionID == nil, let edition = CatalogBatch.editionWithoutISBN(row.book, workID: workID) {
            newEditions.append(edition)
            editionID = edition.id
        }
        let entry = newEntry(row, workID: workID, editionID: editionID)
        plannedByWork[workID] = entry
        plannedWorks.append(workID)
        if let editionID { existing[entry.id, default: .init()].editions.insert(editionID) }
        if let format = row.book.format?.rawValue { existing[entry.id, default: .init()].editionFormats.insert(format) }
        var add = EntryMerge.additions(row, format: format, existing: &existing[entry.id, default: .init()])
        add.editions += backupEditions(row, of: Owner(entry.id, workID: workID, editionID: editionID), others: others)
        if !add.isEmpty { additions.append((entry.id, add)) }
        return .created
    }

    /// The entry an edition is kept on: its id, work and own edition.
    private struct Owner {
        let id: UUID
        let workID: UUID
        let editionID: UUID?

        init(_ id: UUID, workID: UUID, editionID: UUID?) {
            self.id = id
            self.workID = workID
            self.editionID = editionID
        }
    }

    /// A row for a book the entry already holds; answers the outcome and whether the entry's own
    /// columns changed.
    private mutating func merge(
        _ row: PreparedRow, into entry: LibraryEntry, workID: UUID, editionID: UUID?, others: [UUID?]
    ) -> (Outcome, changed: Bool) {
        let entryID = entry.id!
        let applied = EntryMerge.apply(row, to: entry, editionID: editionID)
        var changed = applied.changed
        var add = EntryMerge.additions(
            row, format: format, existing: &existing[entryID, default: .init()], pastRead: applied.pastRead)
        let owner = Owner(entryID, workID: entry.$work.id, editionID: entry.$edition.id)
        // The row's own edition, when it is another one than the entry's.
        if let other = keepEdition(
            editionID, of: owner, format: row.book.format?.rawValue,
            made: { CatalogBatch.editionWithoutISBN(row.book, workID: workID) },
            rating: row.entry.rating, dateRead: row.entry.dateFinished?.description,
            sourceID: row.book.externalIds[.goodreads]?.first)
        {
            add.editions.append(other)
        }
        add.editions += backupEditions(row, of: owner, others: others)
        // The read count follows the reads the entry now holds (never goes down).
        let reads = EntryMerge.finishedReads(entry, existing: existing[entryID, default: .init()])
        if applied.pastRead != nil, reads > entry.readCount {
            entry.readCount = reads
            changed = true
        }
        if !add.isEmpty { additions.append((entryID, add)) }
        return (changed || !add.isEmpty ? .merged : .unchanged, changed)
    }

    /// The other editions a backup row lists (each found or made by ISBN, or made from its facts).
    private mutating func backupEditions(_ row: PreparedRow, of entry: Owner, others: [UUID?])
        -> [EntryEdition.Planned]
    {
        row.source.otherEditions.enumerated().compactMap { index, other in
            keepEdition(
                index < others.count ? others[index] : nil, of: entry, format: other.format,
                made: { CatalogBatch.edition(other, workID: entry.workID) },
                rating: other.rating, dateRead: other.dateRead, sourceID: other.sourceId)
        }
    }

    /// Keeps another edition on the entry, with what was said of it: `editionID` when an ISBN named
    /// one, else the edition `made` from its facts when the entry has none of its `format` yet (a
    /// Kindle edition without ISBN). Nil when it is the entry's own or already kept.
    private mutating func keepEdition(
        _ editionID: UUID?, of entry: Owner, format: String?, made: () -> Edition.Values?,
        rating: Int?, dateRead: String?, sourceID: String?
    ) -> EntryEdition.Planned? {
        let entryID = entry.id
        var id = editionID
        if id == nil {
            guard let format, !existing[entryID, default: .init()].editionFormats.contains(format), let edition = made()
            else { return nil }
            newEditions.append(edition)
            id = edition.id
        }
        guard let id, id != entry.editionID, existing[entryID, default: .init()].editions.insert(id).inserted else {
            return nil
        }
        if let format { existing[entryID, default: .init()].editionFormats.insert(format) }
        return EntryEdition.Planned(editionID: id, rating: rating, dateRead: dateRead, sourceID: sourceID)
    }

    /// Forgets what was to be written (the batch was written, or it is a dry run), keeping what
    /// later rows are compared with.
    package mutating func clearWrites() {
        plannedWorks.removeAll()
        newEditions.removeAll()
        changedEntries.removeAll()
        additions.removeAll()
    }

    private func newEntry(_ row: PreparedRow, workID: UUID, editionID: UUID?) -> LibraryEntry.Values {
        let valid = row.entry
        var entry = LibraryEntry.Values(
            id: UUID.timeOrdered(), userID: userID, workID: workID, editionID: editionID, dateAdded: dateAdded(row.source),
            fields: valid)
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
