import DogearCore
import DogearStore
import DogearTransfer
import FluentKit
import Foundation

/// A dry run's plan of a whole file, with reads only: no transaction is held while it runs, so a
/// 50 MB preview never stops other readers' writes (on SQLite every write waits for the one
/// writer) and never grows the write-ahead log.
///
/// Each batch is matched against the catalog by `CatalogMatcher` and against the reader's entries
/// by `EntryPlan`, as the real run matches it. What the real run would have written by then, the
/// plan remembers instead: the works and editions earlier rows make (under the keys the catalog
/// would find them by) and the entries they make or change. One difference is left: the real run
/// matches a later row against a work an earlier batch made by the catalog's rule order, the plan
/// prefers a match already in the catalog over a work of the file for all but the ISBN.
package final class ImportPreviewPlanner {
    package let db: any Database
    package let userID: UUID
    private var plan: EntryPlan
    private let entries: ImportBatchWriter
    /// Works and editions the run would make or extend, by `CatalogMatcher.allKeys`.
    private var planned: [String: (work: UUID, edition: UUID?)] = [:]
    /// Works whose entry (if any) the plan has loaded from the database.
    private var loadedWorks = Set<UUID>()

    package init(db: any Database, userID: UUID, format: ImportFormat, now: Date) {
        self.db = db
        self.userID = userID
        plan = EntryPlan(userID: userID, format: format, now: now)
        entries = ImportBatchWriter(db: db, userID: userID, format: format, now: now)
    }

    package func plan(_ rows: [PreparedRow]) async throws -> [EntryPlan.Outcome] {
        guard !rows.isEmpty else { return [] }
        let books = rows.map(\.book)
        let matches = try await CatalogMatcher(db: db).match(books)
        let resolved = books.indices.map { resolve(books[$0], match: matches[$0]) }

        let unseen = Set(resolved.map(\.work)).subtracting(loadedWorks)
        try await entries.load(works: Array(unseen), into: &plan)
        loadedWorks.formUnion(unseen)

        let others = try await CatalogBatch(db: db, now: plan.now).otherEditions(
            rows, workIDs: resolved.map(\.work), create: false)
        let outcomes = rows.indices.map {
            plan.plan(rows[$0], workID: resolved[$0].work, editionID: resolved[$0].edition, others: others[$0])
        }
        plan.clearWrites()
        return outcomes
    }

    /// The work (and edition) the real run would give this book, remembering what it would make.
    private func resolve(_ book: ValidBook, match: CatalogMatcher.Match?) -> (work: UUID, edition: UUID?) {
        let isbnKey = book.isbn.map { "i|\($0.isbn13)" }
        var target: (work: UUID, edition: UUID?)
        if let match, let edition = match.editionID {
            target = (match.workID, edition)
        } else if let isbnKey, let made = planned[isbnKey] {
            // The same ISBN is the same edition, whatever else the row says (`CatalogBatch`).
            target = made
        } else if let match {
            target = (match.workID, nil)
        } else if let made = CatalogMatcher.allKeys(book).lazy.compactMap({ self.planned[$0] }).first {
            target = (made.work, nil)
        } else {
            // A new work, found later by every key it has.
            target = (UUID.timeOrdered(), nil)
            for key in CatalogMatcher.allKeys(book) where planned[key] == nil { planned[key] = (target.work, nil) }
        }
        if let isbnKey, target.edition == nil {
            // The run makes an edition for an ISBN the catalog lacks.
            target.edition = UUID.timeOrdered()
            planned[isbnKey] = target
        }
        // The run adds the row's external ids to its work, where later rows find them.
        for key in CatalogMatcher.externalKeys(book) where planned[key] == nil { planned[key] = (target.work, nil) }
        return target
    }
}
