import DogearCore
import DogearStore
import DogearTransfer
import FluentKit
import Foundation

/// A Goodreads file's own shelves made into lists: after the rows are imported, the file is read
/// once more and each row's book (found by the catalog's matching rule, so it is the work the row
/// was imported as) goes on the list named like its shelf, in the file's order.
package struct ShelfLists {
    package let db: any Database
    package let userID: UUID
    package let now: Date

    package func make(from path: String) async throws {
        let reader = try ExportReader(path: path)
        var byShelf: [String: [(workID: UUID, note: String?)]] = [:]
        var order: [String] = []
        var pending: [(shelves: [String], book: ValidBook)] = []
        func flush() async throws {
            let matches = try await CatalogMatcher(db: db).match(pending.map(\.book))
            for (row, match) in zip(pending, matches) {
                guard let workID = match?.workID else { continue }
                for shelf in row.shelves {
                    let name = shelf.trimmed
                    if byShelf[name] == nil { order.append(name) }
                    byShelf[name, default: []].append((workID, nil))
                }
            }
            pending.removeAll()
        }
        while let result = reader.next() {
            guard case .success(let row) = result, !row.shelves.isEmpty,
                let book = try? row.book.validated(source: .import)
            else { continue }
            pending.append((row.shelves, book))
            if pending.count == 500 { try await flush() }
        }
        try await flush()
        let filler = NamedListFiller(db: db, userID: userID, now: now)
        for name in order {
            // A shelf name that cannot be a list name (over 100 characters) stays a tag only.
            guard (try? ListDraft(name: name).validatedForCreate()) != nil else { continue }
            try await filler.fill(name, with: byShelf[name] ?? [])
        }
    }

    package init(db: any Database, userID: UUID, now: Date) {
        self.db = db
        self.userID = userID
        self.now = now
    }
}
