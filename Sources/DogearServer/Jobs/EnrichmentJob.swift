import DogearCore
import DogearServices
import DogearSources
import DogearStore
import Fluent
import Vapor

/// Fills what catalog works lack (cover, pages, description, subjects, dates, external IDs) from the
/// online sources, for books that came in by hand or by import.
///
/// The database is the queue: a work is a candidate while `last_enriched_at` is empty and it has an
/// edition with an ISBN. Each work is marked when tried, found or not, so a restart resumes where
/// the last run stopped and nothing is asked twice. Fields already set are never overwritten.
package struct EnrichmentJob {
    package let db: any Database
    package let chain: LookupChain
    package let logger: Logger
    package var now: @Sendable () -> Date = DogearClock.system.now

    package struct Report: Equatable {
        package var tried = 0
        package var enriched = 0
        package var notFound = 0
    }

    /// How many works wait to be tried (for `/metrics`).
    package static func waiting(on db: any Database) async throws -> Int {
        let row = try await db.sql.raw(
            """
            SELECT COUNT(*) AS n FROM works w
            WHERE w.last_enriched_at IS NULL AND EXISTS (SELECT 1 FROM editions e WHERE e.work_id = w.id AND e.isbn13 IS NOT NULL)
            """
        ).first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Enriches up to `limit` works and reports what happened.
    package func runOnce(limit: Int = 20) async throws -> Report {
        var report = Report()
        if chain.offline { return report }
        let candidates = try await Edition.query(on: db)
            .join(Work.self, on: \Edition.$work.$id == \Work.$id)
            .filter(Work.self, \.$lastEnrichedAt == nil)
            .filter(\.$isbn13 != nil)
            .sort(Work.self, \.$createdAt)
            .limit(limit * 2)
            .all()
        var seenWorks = Set<UUID>()
        for edition in candidates where seenWorks.insert(edition.$work.id).inserted {
            if report.tried == limit { break }
            report.tried += 1
            let work = try edition.joined(Work.self)
            guard let isbnText = edition.isbn13, let isbn = try? ISBN(isbnText) else { continue }
            let result = await chain.lookup(isbn: isbn) { book in
                (try? book.draft.validated(source: book.source)) == nil ? "unusable record" : nil
            }
            guard let found = result.book, let book = try? found.draft.validated(source: found.source) else {
                report.notFound += 1
                work.lastEnrichedAt = now()
                try await work.save(on: db)
                logger.debug("enrichment: nothing for \(isbn.isbn13)", metadata: ["sources": "\(result.attempts)"])
                continue
            }
            try await WritePipeline(db: db, now: now(), clubEvents: nil).run { db, changes in
                try await fill(work: work, edition: edition, from: book, with: changes)
            }
            report.enriched += 1
        }
        return report
    }

    private func fill(work: Work, edition: Edition, from book: ValidBook, with changes: WriteChanges) async throws {
        let db = changes.db
        if edition.coverURL == nil { edition.coverURL = book.coverUrl }
        if edition.pageCount == nil { edition.pageCount = book.pageCount }
        if edition.publisher == nil { edition.publisher = book.publisher }
        if edition.publishedDate == nil { edition.publishedDate = book.publishedDate }
        if edition.language == nil { edition.language = book.language }
        if edition.infoURL == nil { edition.infoURL = book.infoUrl }
        if edition.previewURL == nil { edition.previewURL = book.previewUrl }
        try await edition.save(on: db)
        if work.summary == nil { work.summary = book.description }
        if work.subtitle == nil { work.subtitle = book.subtitle }
        if work.genres.isEmpty { work.genres = book.genres }
        if work.firstPublishedYear == nil { work.firstPublishedYear = book.firstPublishedYear }
        if work.seriesName == nil { work.seriesName = book.series }
        work.qualityScore = max(work.qualityScore, book.qualityScore)
        work.lastEnrichedAt = now()
        try await work.save(on: db)
        try await CatalogService(db: db).addExternalIDs(
            book.externalIds, workID: try work.requireID(),
            editionID: try edition.requireID())
        // A new subtitle is searchable text for every reader of the work.
        changes.catalogTextChanged(workID: try work.requireID())
    }
}
