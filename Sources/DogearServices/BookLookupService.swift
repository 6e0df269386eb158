import DogearCore
import DogearSources
import DogearStore
import FluentKit
import Foundation

/// Add by ISBN: the local catalog first, then the online sources in order. What a source
/// finds is saved into the catalog, so the next reader (and the next import) needs no network.
package struct BookLookupService {
    package let db: any Database
    package let chain: LookupChain
    /// When a found book is marked enriched (it came straight from a source).
    package let now: @Sendable () -> Date
    /// Inside an atomic batch: its ISBNs were looked up before its transaction began, so no source
    /// is asked now (a network wait inside a write transaction holds every other writer back).
    package var lookedUpBefore: BatchLookups? = nil

    package struct Outcome {
        package let work: Work
        package let edition: Edition?
        package let foundIn: String
        package let attempts: [LookupChain.Attempt]
    }

    /// How long an unverified record answers from the catalog before the sources are asked again.
    package static let recheckUnverified: TimeInterval = 24 * 60 * 60

    package static func parseISBN(_ raw: String?, field: String = "isbn") throws -> ISBN {
        guard let raw, !raw.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError(field: field, "is required")
        }
        do { return try ISBN(raw) } catch { throw ValidationError(field: field, error.description) }
    }

    package func lookup(_ isbn: ISBN) async throws -> Outcome {
        let catalog = CatalogService(db: db)
        if let lookedUpBefore {
            if let edition = try await catalog.edition(for: isbn), let work = try await Work.find(edition.$work.id, on: db) {
                return Outcome(work: work, edition: edition, foundIn: "catalog", attempts: [])
            }
            throw lookedUpBefore.failures[isbn.isbn13]
                ?? DomainError.notFound(.bookNotFound, "no book with ISBN \(isbn.isbn13) in the catalog")
        }
        var local: (work: Work, edition: Edition)?
        if let edition = try await catalog.edition(for: isbn), let work = try await Work.find(edition.$work.id, on: db) {
            // A record only readers wrote is asked about again (at most once a day), so that one
            // reader's facts for a real ISBN do not stand for everyone once a source knows it.
            guard !work.isVerified, work.lastEnrichedAt.map({ now().timeIntervalSince($0) > Self.recheckUnverified }) ?? true
            else {
                return Outcome(work: work, edition: edition, foundIn: "catalog", attempts: [])
            }
            local = (work, edition)
        }
        let result = await chain.lookup(isbn: isbn) { book in
            do {
                _ = try book.draft.validated(source: book.source)
                return nil
            } catch { return "\(error)" }
        }
        if let local {
            let (work, edition) = local
            let book = result.book.flatMap { try? $0.draft.validated(source: $0.source) }
            try await WritePipeline(db: db, now: now(), clubEvents: nil).run { db, changes in
                if let book { try await CatalogCorrection(db: db).apply(book, to: work, edition: edition, changes: changes) }
                work.lastEnrichedAt = now()
                try await work.save(on: db)
            }
            return Outcome(
                work: work, edition: edition, foundIn: book == nil ? "catalog" : result.book!.source.rawValue,
                attempts: result.attempts)
        }
        guard let found = result.book else {
            var error = DomainError.notFound(.bookNotFound, Self.notFoundMessage(isbn, result.attempts))
            error.sourceAttempts = result.attempts
            throw error
        }
        let book = try found.draft.validated(source: found.source)
        do {
            let resolved = try await db.writeTransaction { db in
                let resolved = try await CatalogService(db: db).findOrCreate(book)
                resolved.work.lastEnrichedAt = now()
                try await resolved.work.save(on: db)
                return resolved
            }
            return Outcome(
                work: resolved.work, edition: resolved.edition, foundIn: found.source.rawValue, attempts: result.attempts)
        } catch  where (error as? any DatabaseError)?.isConstraintFailure == true {
            // Another request saved the same ISBN a moment ago: answer with that.
            guard let edition = try await catalog.edition(for: isbn), let work = try await Work.find(edition.$work.id, on: db)
            else {
                throw error
            }
            return Outcome(work: work, edition: edition, foundIn: "catalog", attempts: result.attempts)
        }
    }

    package static func notFoundMessage(_ isbn: ISBN, _ attempts: [LookupChain.Attempt]) -> String {
        if attempts.isEmpty { return "no book with ISBN \(isbn.isbn13) in the catalog, and no online source is set up" }
        let said = attempts.map { attempt -> String in
            let name =
                attempt.source == "openLibrary"
                ? "Open Library" : attempt.source == "googleBooks" ? "Google Books" : attempt.source
            switch attempt.outcome {
            case .found: return "\(name): found"
            case .notFound: return "\(name): not known"
            case .failed(let error): return "\(name): \(error)"
            }
        }
        return "no book with ISBN \(isbn.isbn13) found (\(said.joined(separator: "; "))); you can add it by hand"
    }

    package init(db: any Database, chain: LookupChain, now: @escaping @Sendable () -> Date, lookedUpBefore: BatchLookups? = nil) {
        self.db = db
        self.chain = chain
        self.now = now
        self.lookedUpBefore = lookedUpBefore
    }
}

/// An atomic batch's ISBNs, looked up before its transaction began (`BatchController`): inside it,
/// a lookup reads the catalog only, and a book that was not found then says what the sources said.
package struct BatchLookups: Sendable {
    package var failures: [String: any Error] = [:]

    package init(failures: [String: any Error] = [:]) {
        self.failures = failures
    }
}
