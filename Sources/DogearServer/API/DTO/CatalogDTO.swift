import DogearStore
import Vapor

/// A catalog book: the work and, when known, the edition.
struct CatalogBookDTO: Content {
    let work: WorkDTO
    @Nullable var edition: EditionDTO?
}

/// What one online source said during a lookup or search.
struct SourceAttemptDTO: Content, Equatable {
    let source: String
    /// found, notFound or failed.
    let outcome: String
    /// For failures: timedOut, rateLimited, httpError, malformed, unreachable, offline.
    @Nullable var code: String?
    @Nullable var message: String?
}

/// GET /api/v1/books/lookup.
struct LookupDTO: Content {
    let book: CatalogBookDTO
    /// catalog (already known, no network), openLibrary or googleBooks.
    let foundIn: String
    let sources: [SourceAttemptDTO]
    /// The reader's entry for this work, if they have one.
    @Nullable var inLibrary: UUID?
}

/// One result of GET /api/v1/books/search.
struct SearchResultDTO: Content {
    let title: String
    @Nullable var subtitle: String?
    let authors: [String]
    @Nullable var isbn13: String?
    @Nullable var isbn10: String?
    @Nullable var coverUrl: String?
    @Nullable var pageCount: Int?
    @Nullable var publisher: String?
    @Nullable var publishedDate: String?
    @Nullable var firstPublishedYear: Int?
    @Nullable var description: String?
    /// catalog, openLibrary or googleBooks.
    let source: String
    @Nullable var workId: UUID?
    let externalIds: [String: [String]]
    @Nullable var inLibrary: UUID?
}

struct SearchDTO: Content {
    let items: [SearchResultDTO]
    let sources: [SourceAttemptDTO]
}

/// GET /api/v1/works/{id}.
struct WorkPageDTO: Content {
    let work: WorkDTO
    let editions: [EditionDTO]
    @Nullable var inLibrary: UUID?
}

/// GET /api/v1/editions/{id}.
struct EditionPageDTO: Content {
    let edition: EditionDTO
    let work: WorkDTO
}

/// GET /api/v1/authors/{id}.
struct AuthorDTO: Content {
    struct WorkRef: Content {
        let id: UUID
        let title: String
    }
    let id: UUID
    let name: String
    @Nullable var nationality: String?
    @Nullable var gender: String?
    @Nullable var culturalRegion: String?
    @Nullable var birthYear: Int?
    @Nullable var deathYear: Int?
    let works: [WorkRef]
}
