import DogearCore
import DogearStore
import FluentKit
import Foundation

/// The shared catalog as a signed-in reader reads it: a lookup by ISBN (catalog first, then the
/// online sources), a work with its editions, an edition, an author, each with whether the reader
/// has the book. The API's catalog controller and the add form's look-up both call this.
package struct CatalogReadService {
    package let db: any Database
    package let userID: UUID
    package let lookups: BookLookupService

    private var loader: CatalogLoader { CatalogLoader(db: db) }

    /// The ISBN is checked before anything else: a bad one never reaches the network.
    package func lookup(isbn raw: String?) async throws -> LookupRecord {
        let isbn = try BookLookupService.parseISBN(raw)
        let outcome = try await lookups.lookup(isbn)
        return LookupRecord(
            book: try await loader.book(work: outcome.work, edition: outcome.edition),
            foundIn: outcome.foundIn,
            sources: outcome.attempts.map(SourceAttemptRecord.init),
            inLibrary: try await entryID(forWork: outcome.work.requireID()))
    }

    package func work(_ id: UUID) async throws -> WorkPageRecord {
        guard let work = try await Work.find(id, on: db) else { throw DomainError.bookNotFound }
        return WorkPageRecord(
            work: try await loader.work(work), editions: try await loader.editions(ofWork: id),
            inLibrary: try await entryID(forWork: id))
    }

    package func edition(_ id: UUID) async throws -> EditionPageRecord {
        guard let edition = try await Edition.find(id, on: db), let work = try await Work.find(edition.$work.id, on: db)
        else { throw DomainError.bookNotFound }
        let book = try await loader.book(work: work, edition: edition)
        guard let found = book.edition else { throw DomainError.bookNotFound }
        return EditionPageRecord(edition: found, work: book.work)
    }

    package func author(_ id: UUID) async throws -> AuthorRecord {
        guard let author = try await Author.find(id, on: db) else { throw DomainError.authorNotFound }
        let links = try await WorkAuthor.query(on: db).filter(\.$author.$id == id)
            .join(Work.self, on: \WorkAuthor.$work.$id == \Work.$id).sort(Work.self, \.$title).all()
        return AuthorRecord(
            id: id, name: author.name, nationality: author.nationality, gender: author.gender,
            culturalRegion: author.culturalRegion, birthYear: author.birthYear, deathYear: author.deathYear,
            works: try links.map {
                let work = try $0.joined(Work.self)
                return .init(id: try work.requireID(), title: work.title)
            })
    }

    /// The reader's entry for this work, if they have one.
    private func entryID(forWork workID: UUID) async throws -> UUID? {
        try await LibraryEntry.query(on: db).filter(\.$user.$id == userID).filter(\.$work.$id == workID).first()?.requireID()
    }

    package init(db: any Database, userID: UUID, lookups: BookLookupService) {
        self.db = db
        self.userID = userID
        self.lookups = lookups
    }
}
