import DogearCore
import Fluent
import Foundation
import SQLKit

/// Finds or creates the catalog works of a whole import batch with a fixed number of queries, by
/// the same rules as `CatalogService` (one book = one work for every reader): an edition with the
/// same ISBN-13, then a work with one of the same external IDs, then the same title (ignoring case)
/// with the same first author. Rows of one batch that are the same book share the work they create.
///
/// Editions: a row's ISBN always gives an edition (found or made). A row without one gets an
/// edition of its own only when its entry is new and it has edition facts (pages, publisher…), so a
/// re-import never adds editions; see `editionWithoutISBN`.
struct CatalogBatch {
    let db: any Database
    /// The batch's created/updated time, from the import's clock.
    let now: Date
    var sql: any SQLDatabase { db.sql }

    struct Resolved {
        var workID: UUID
        /// The edition the ISBN names, when the row has one.
        var editionID: UUID?
        /// Whether this batch made the work.
        var isNewWork: Bool
    }

    func resolve(_ books: [ValidBook]) async throws -> [Resolved] {
        var result = [Resolved?](repeating: nil, count: books.count)

        // 1. ISBN-13 → edition → work.
        let isbns = Array(Set(books.compactMap { $0.isbn?.isbn13 }))
        var editionByISBN: [String: (edition: UUID, work: UUID)] = [:]
        for chunk in isbns.chunked(into: 500) {
            for row in try await sql.raw("SELECT id, work_id, isbn13 FROM editions WHERE isbn13 IN (\(binds: chunk))").all() {
                editionByISBN[try row.decode(column: "isbn13", as: String.self)] =
                    (try row.decode(column: "id", as: UUID.self), try row.decode(column: "work_id", as: UUID.self))
            }
        }
        for (index, book) in books.enumerated() {
            if let isbn = book.isbn?.isbn13, let found = editionByISBN[isbn] {
                result[index] = Resolved(workID: found.work, editionID: found.edition, isNewWork: false)
            }
        }

        // 2. External IDs → work.
        var wanted: [ExternalIDKind: Set<String>] = [:]
        for (index, book) in books.enumerated() where result[index] == nil {
            for (kind, values) in book.externalIds where !kind.isEditionLevel { wanted[kind, default: []].formUnion(values) }
        }
        var workByExternalID: [String: UUID] = [:]
        for (kind, values) in wanted {
            for chunk in Array(values).chunked(into: 500) {
                let rows = try await sql.raw(
                    """
                    SELECT work_id, value FROM external_ids
                    WHERE kind = \(bind: kind.rawValue) AND value IN (\(binds: chunk)) AND work_id IS NOT NULL
                    """
                ).all()
                for row in rows {
                    workByExternalID["\(kind.rawValue)|\(try row.decode(column: "value", as: String.self))"] =
                        try row.decode(column: "work_id", as: UUID.self)
                }
            }
        }
        for (index, book) in books.enumerated() where result[index] == nil {
            if let work = Self.externalKeys(book).lazy.compactMap({ workByExternalID[$0] }).first {
                result[index] = Resolved(workID: work, editionID: nil, isNewWork: false)
            }
        }

        // 3. Title + first author → work. (CROSS JOIN keeps SQLite to this order: the named
        // authors by their index, then their works; left to itself it scanned work_authors.)
        let firstAuthors = Array(Set(books.indices.filter { result[$0] == nil }.compactMap { books[$0].authors.first }))
        var workByTitle: [String: UUID] = [:]
        for chunk in firstAuthors.chunked(into: 500) {
            let rows = try await sql.raw(
                """
                SELECT wa.work_id AS work_id, w.title AS title, a.name AS name
                FROM authors a CROSS JOIN work_authors wa CROSS JOIN works w
                WHERE a.name IN (\(binds: chunk)) AND wa.author_id = a.id AND wa.position = 0 AND w.id = wa.work_id
                """
            ).all()
            for row in rows {
                let key = Self.titleKey(
                    try row.decode(column: "title", as: String.self), try row.decode(column: "name", as: String.self))
                if workByTitle[key] == nil { workByTitle[key] = try row.decode(column: "work_id", as: UUID.self) }
            }
        }
        for (index, book) in books.enumerated() where result[index] == nil {
            if let first = book.authors.first, let work = workByTitle[Self.titleKey(book.title, first)] {
                result[index] = Resolved(workID: work, editionID: nil, isNewWork: false)
            }
        }

        // 4. The rest are new works; rows of this batch that are the same book share one.
        var planned: [String: UUID] = [:]
        var newWorks: [(UUID, ValidBook)] = []
        for (index, book) in books.enumerated() where result[index] == nil {
            let keys = Self.allKeys(book)
            if let work = keys.lazy.compactMap({ planned[$0] }).first {
                result[index] = Resolved(workID: work, editionID: nil, isNewWork: true)
            } else {
                let work = UUID()
                newWorks.append((work, book))
                result[index] = Resolved(workID: work, editionID: nil, isNewWork: true)
            }
            for key in keys where planned[key] == nil { planned[key] = result[index]!.workID }
        }
        try await createWorks(newWorks)

        // 5. Editions for ISBNs the catalog does not have yet (one per ISBN).
        var newEditions: [String: Edition] = [:]
        for (index, book) in books.enumerated() where result[index]!.editionID == nil {
            guard let isbn = book.isbn else { continue }
            if let edition = newEditions[isbn.isbn13] {
                // The same ISBN twice in a batch is the same edition, whatever work the rows matched.
                result[index]!.workID = edition.$work.id
                result[index]!.editionID = edition.id
                continue
            }
            let edition = Self.edition(book, workID: result[index]!.workID)
            edition.id = UUID()
            newEditions[isbn.isbn13] = edition
            result[index]!.editionID = edition.id
        }
        try await insertEditions(Array(newEditions.values))

        try await addExternalIDs(books, result.map { $0! })
        return result.map { $0! }
    }

    /// An edition for a row without ISBN whose entry is new: its pages, publisher and format.
    func editionWithoutISBN(_ book: ValidBook, workID: UUID) -> Edition? {
        guard book.isbn == nil, book.hasEditionFacts else { return nil }
        let edition = Self.edition(book, workID: workID)
        edition.id = UUID()
        return edition
    }

    /// Editions made by `edition(_:workID:)`, with one statement.
    func insertEditions(_ editions: [Edition]) async throws {
        try await BulkInsert(sql: sql).insert(
            into: "editions",
            [
                ("id", .uuid), ("work_id", .uuid), ("isbn13", .text), ("isbn10", .text), ("isbn_display", .text),
                ("publisher", .text), ("published_date", .text), ("page_count", .int), ("format", .text),
                ("edition_title", .text), ("language", .text), ("cover_url", .text), ("preview_url", .text), ("info_url", .text),
                ("created_at", .date), ("updated_at", .date),
            ],
            rows: editions.map { edition in
                [
                    .uuid(edition.id), .uuid(edition.$work.id), .text(edition.isbn13), .text(edition.isbn10),
                    .text(edition.isbnDisplay),
                    .text(edition.publisher), .text(edition.publishedDate), .int(edition.pageCount), .text(edition.format),
                    .text(edition.editionTitle), .text(edition.language), .text(edition.coverURL), .text(edition.previewURL),
                    .text(edition.infoURL), .date(now), .date(now),
                ]
            })
    }

    static func edition(_ book: ValidBook, workID: UUID) -> Edition {
        let edition = Edition(workID: workID)
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
        return edition
    }

    private func createWorks(_ newWorks: [(UUID, ValidBook)]) async throws {
        guard !newWorks.isEmpty else { return }
        // Authors by exact name, found or made.
        let names = Array(Set(newWorks.flatMap { $0.1.authors }))
        var authorByName: [String: UUID] = [:]
        for chunk in names.chunked(into: 500) {
            for row in try await sql.raw("SELECT id, name FROM authors WHERE name IN (\(binds: chunk))").all() {
                authorByName[try row.decode(column: "name", as: String.self)] = try row.decode(column: "id", as: UUID.self)
            }
        }
        let bulk = BulkInsert(sql: sql)
        var authorRows: [[BulkInsert.Value]] = []
        for name in names where authorByName[name] == nil {
            let id = UUID()
            authorByName[name] = id
            authorRows.append([.uuid(id), .text(name), .date(now), .date(now)])
        }
        try await bulk.insert(
            into: "authors", [("id", .uuid), ("name", .text), ("created_at", .date), ("updated_at", .date)],
            rows: authorRows)

        var workRows: [[BulkInsert.Value]] = []
        var links: [[BulkInsert.Value]] = []
        for (id, book) in newWorks {
            workRows.append([
                .uuid(id), .text(book.title), .text(book.subtitle), .text(book.description), .int(book.firstPublishedYear),
                .text(book.originalLanguage), .texts(book.genres), .text(book.series), .double(book.seriesNumber),
                .texts(book.culturalThemes), .texts(book.contentWarnings), .texts(book.awards),
                .text(book.readingDifficulty?.rawValue), .int(book.estimatedMinutes), .text(book.originCountry),
                .text(book.translator), .text(book.translatorNationality), .text(book.source.rawValue), .int(book.qualityScore),
                .text(ReviewStatus.verified.rawValue), .int(0), .int(0), .date(now), .date(now),
            ])
            var seen = Set<String>()
            for (position, name) in book.authors.enumerated() where seen.insert(name).inserted {
                links.append([.uuid(UUID()), .uuid(id), .uuid(authorByName[name]!), .int(position), .date(now), .date(now)])
            }
        }
        try await bulk.insert(
            into: "works",
            [
                ("id", .uuid), ("title", .text), ("subtitle", .text), ("description", .text), ("first_published_year", .int),
                ("original_language", .text), ("genres", .texts), ("series_name", .text), ("series_number", .double),
                ("cultural_themes", .texts), ("content_warnings", .texts), ("awards", .texts), ("reading_difficulty", .text),
                ("estimated_minutes", .int), ("origin_country", .text), ("translator", .text), ("translator_nationality", .text),
                ("source", .text), ("quality_score", .int), ("review_status", .text), ("readers_count", .int),
                ("ratings_count", .int), ("created_at", .date), ("updated_at", .date),
            ], rows: workRows)
        try await bulk.insert(
            into: "work_authors",
            [
                ("id", .uuid), ("work_id", .uuid), ("author_id", .uuid), ("position", .int), ("created_at", .date),
                ("updated_at", .date),
            ], rows: links)
    }

    /// External IDs the rows bring that their work (or edition) lacks.
    private func addExternalIDs(_ books: [ValidBook], _ resolved: [Resolved]) async throws {
        let workIDs = Array(Set(resolved.indices.filter { !books[$0].externalIds.isEmpty }.map { resolved[$0].workID }))
        guard !workIDs.isEmpty else { return }
        var have = Set<String>()
        for chunk in workIDs.chunked(into: 500) {
            let rows = try await sql.raw("SELECT work_id, kind, value FROM external_ids WHERE work_id IN (\(binds: chunk))").all()
            for row in rows {
                have.insert(
                    "\(try row.decode(column: "work_id", as: UUID.self))|\(try row.decode(column: "kind", as: String.self))|\(try row.decode(column: "value", as: String.self))"
                )
            }
        }
        var new: [[BulkInsert.Value]] = []
        for (index, book) in books.enumerated() {
            for (kind, values) in book.externalIds.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                // Edition-level ids (Open Library editions) need an edition; rows here rarely have them.
                if kind.isEditionLevel { continue }
                for value in values where have.insert("\(resolved[index].workID)|\(kind.rawValue)|\(value)").inserted {
                    new.append([
                        .uuid(UUID()), .uuid(resolved[index].workID), .text(kind.rawValue), .text(value), .date(now), .date(now),
                    ])
                }
            }
        }
        try await BulkInsert(sql: sql).insert(
            into: "external_ids",
            [
                ("id", .uuid), ("work_id", .uuid), ("kind", .text), ("value", .text), ("created_at", .date),
                ("updated_at", .date),
            ], rows: new)
    }

    static func titleKey(_ title: String, _ firstAuthor: String) -> String {
        "t|\(title.lowercased())|\(firstAuthor)"
    }

    static func externalKeys(_ book: ValidBook) -> [String] {
        book.externalIds.filter { !$0.key.isEditionLevel }.sorted { $0.key.rawValue < $1.key.rawValue }
            .flatMap { kind, values in values.map { "\(kind.rawValue)|\($0)" } }
    }

    /// Every key a book can be matched by, strongest first.
    static func allKeys(_ book: ValidBook) -> [String] {
        var keys = book.isbn.map { ["i|\($0.isbn13)"] } ?? []
        keys += externalKeys(book)
        if let first = book.authors.first { keys.append(titleKey(book.title, first)) }
        return keys
    }
}
