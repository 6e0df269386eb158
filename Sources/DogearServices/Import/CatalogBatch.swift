import DogearCore
import DogearStore
import DogearTransfer
import FluentKit
import Foundation
import SQLKit

/// Finds or creates the catalog works of a whole import batch with a fixed number of queries. The
/// matching is `CatalogMatcher`'s, the same as for one book added by hand (`CatalogService`); rows
/// of one batch that are the same book share the work they create.
///
/// Editions: a row's ISBN always gives an edition (found or made). A row without one gets an
/// edition of its own only when its entry is new and it has edition facts (pages, publisher…), so a
/// re-import never adds editions; see `editionWithoutISBN`.
package struct CatalogBatch {
    package let db: any Database
    /// The batch's created/updated time, from the import's clock.
    package let now: Date
    /// Where the time goes, when a benchmark asks.
    package var phases: ImportPhases?
    package var sql: any SQLDatabase { db.sql }

    package struct Resolved {
        package var workID: UUID
        /// The edition the ISBN names, when the row has one.
        package var editionID: UUID?
        /// Whether this batch made the work.
        package var isNewWork: Bool
    }

    package func resolve(_ books: [ValidBook]) async throws -> [Resolved] {
        var lap = phases?.start()
        // 1–3. The catalog's own works, by the one matching rule (`CatalogMatcher`).
        var result: [Resolved?] = try await CatalogMatcher(db: db).match(books).map { found in
            found.map { Resolved(workID: $0.workID, editionID: $0.editionID, isNewWork: false) }
        }

        // 4. The rest are new works; rows of this batch that are the same book share one.
        var planned: [String: UUID] = [:]
        var newWorks: [(UUID, ValidBook)] = []
        for (index, book) in books.enumerated() where result[index] == nil {
            let keys = CatalogMatcher.allKeys(book)
            if let work = keys.lazy.compactMap({ planned[$0] }).first {
                result[index] = Resolved(workID: work, editionID: nil, isNewWork: true)
            } else {
                let work = UUID.timeOrdered()
                newWorks.append((work, book))
                result[index] = Resolved(workID: work, editionID: nil, isNewWork: true)
            }
            for key in keys where planned[key] == nil { planned[key] = result[index]!.workID }
        }
        phases?.record("catalog: match", &lap)
        try await createWorks(newWorks)
        phases?.record("catalog: new works", &lap)

        // 5. Editions for ISBNs the catalog does not have yet (one per ISBN).
        var newEditions: [String: Edition.Values] = [:]
        for (index, book) in books.enumerated() where result[index]!.editionID == nil {
            guard let isbn = book.isbn else { continue }
            if let edition = newEditions[isbn.isbn13] {
                // The same ISBN twice in a batch is the same edition, whatever work the rows matched.
                result[index]!.workID = edition.workID
                result[index]!.editionID = edition.id
                continue
            }
            let edition = Self.edition(book, workID: result[index]!.workID)
            newEditions[isbn.isbn13] = edition
            result[index]!.editionID = edition.id
        }
        try await insertEditions(Array(newEditions.values))
        phases?.record("catalog: editions", &lap)
        try await addExternalIDs(books, result.map { $0! })
        phases?.record("catalog: external ids", &lap)
        return result.map { $0! }
    }

    /// An edition for a row without ISBN whose entry is new: its pages, publisher and format.
    package static func editionWithoutISBN(_ book: ValidBook, workID: UUID) -> Edition.Values? {
        guard book.isbn == nil, book.hasEditionFacts else { return nil }
        return Self.edition(book, workID: workID)
    }

    /// The editions a backup's rows list as the reader's others: by ISBN, found in the catalog or
    /// made on the row's work (only written when `create`; the dry run writes nothing); nil for one
    /// without an ISBN (`EntryPlan` makes it from its facts when the entry has none of its format).
    package func otherEditions(_ rows: [PreparedRow], workIDs: [UUID], create: Bool) async throws -> [[UUID?]] {
        let isbns = Array(Set(rows.flatMap { $0.source.otherEditions.compactMap(\.isbn13) }))
        var byISBN: [String: UUID] = [:]
        for chunk in isbns.chunked(into: 500) {
            for row in try await LeanRows(db: db).all("SELECT id, isbn13 FROM editions WHERE isbn13 IN (\(binds: chunk))") {
                byISBN[try row.requireString("isbn13")] = try row.requireUUID("id")
            }
        }
        var made: [Edition.Values] = []
        let result = rows.indices.map { index in
            rows[index].source.otherEditions.map { other -> UUID? in
                guard let isbn = other.isbn13 else { return nil }
                if let id = byISBN[isbn] { return id }
                let edition = Self.edition(other, workID: workIDs[index])
                byISBN[isbn] = edition.id
                made.append(edition)
                return edition.id
            }
        }
        if create { try await insertEditions(made) }
        return result
    }

    /// An edition from what a backup says of it.
    package static func edition(_ other: BackupEntry.OtherEdition, workID: UUID) -> Edition.Values {
        var edition = Edition.Values(id: UUID.timeOrdered(), workID: workID)
        edition.isbn13 = other.isbn13
        edition.isbn10 = other.isbn10
        edition.format = other.format
        edition.pageCount = other.pageCount
        edition.publisher = other.publisher
        edition.publishedDate = other.publishedDate
        edition.source = CatalogSource.import.rawValue
        return edition
    }

    /// Editions made by `edition(_:workID:)`, with one statement.
    package func insertEditions(_ editions: [Edition.Values]) async throws {
        try await BulkInsert(sql: sql).insert(Edition.bulk, editions.map { .init(edition: $0, now: now) })
    }

    /// A new edition (its id made here) from a book's edition facts.
    package static func edition(_ book: ValidBook, workID: UUID) -> Edition.Values {
        var edition = Edition.Values(id: UUID.timeOrdered(), workID: workID)
        edition.isbn13 = book.isbn?.isbn13
        edition.isbn10 = book.isbn?.isbn10
        edition.isbnDisplay = book.isbn?.typed
        edition.publisher = book.publisher
        edition.publishedDate = book.publishedDate
        edition.pageCount = book.pageCount
        edition.format = book.format?.rawValue
        edition.editionTitle = book.editionTitle
        edition.language = book.language
        edition.coverURL = book.coverUrl
        edition.previewURL = book.previewUrl
        edition.infoURL = book.infoUrl
        edition.source = book.source.rawValue
        return edition
    }

    private func createWorks(_ newWorks: [(UUID, ValidBook)]) async throws {
        guard !newWorks.isEmpty else { return }
        // Authors by exact name, found or made.
        let names = Array(Set(newWorks.flatMap { $0.1.authors }))
        var authorByName: [String: UUID] = [:]
        for chunk in names.chunked(into: 500) {
            for row in try await LeanRows(db: db).all("SELECT id, name FROM authors WHERE name IN (\(binds: chunk))") {
                authorByName[try row.requireString("name")] = try row.requireUUID("id")
            }
        }
        let bulk = BulkInsert(sql: sql)
        var newAuthors: [Author.BulkRow] = []
        for name in names where authorByName[name] == nil {
            let id = UUID.timeOrdered()
            authorByName[name] = id
            newAuthors.append(.init(id: id, name: name, now: now))
        }
        try await bulk.insert(Author.bulk, newAuthors)
        var lap = phases?.start()

        var links: [WorkAuthor.BulkRow] = []
        for (id, book) in newWorks {
            var seen = Set<String>()
            for (position, name) in book.authors.enumerated() where seen.insert(name).inserted {
                links.append(.init(workID: id, authorID: authorByName[name]!, position: position, now: now))
            }
        }
        try await bulk.insert(Work.bulk, newWorks.map { .init(id: $0.0, book: $0.1, now: now) })
        phases?.record("catalog: new works: works", &lap)
        try await bulk.insert(WorkAuthor.bulk, links)
        phases?.record("catalog: new works: work authors", &lap)
    }

    /// External IDs the rows bring that their work (or edition) lacks.
    private func addExternalIDs(_ books: [ValidBook], _ resolved: [Resolved]) async throws {
        let workIDs = Array(Set(resolved.indices.filter { !books[$0].externalIds.isEmpty }.map { resolved[$0].workID }))
        guard !workIDs.isEmpty else { return }
        var have = Set<String>()
        for chunk in workIDs.chunked(into: 500) {
            let rows = try await LeanRows(db: db).all(
                "SELECT work_id, kind, value FROM external_ids WHERE work_id IN (\(binds: chunk))")
            for row in rows {
                have.insert(
                    "\(try row.requireUUID("work_id").text)|\(try row.requireString("kind"))|\(try row.requireString("value"))"
                )
            }
        }
        var new: [ExternalID.BulkRow] = []
        for (index, book) in books.enumerated() {
            for (kind, values) in book.externalIds.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                // Edition-level ids (Open Library editions) need an edition; rows here rarely have them.
                if kind.isEditionLevel { continue }
                for value in values where have.insert("\(resolved[index].workID.text)|\(kind.rawValue)|\(value)").inserted {
                    new.append(.init(workID: resolved[index].workID, kind: kind.rawValue, value: value, now: now))
                }
            }
        }
        try await BulkInsert(sql: sql).insert(ExternalID.bulk, new)
    }
}
