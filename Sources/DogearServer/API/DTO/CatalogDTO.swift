import DogearServices
import DogearStore
import Vapor

/// A catalog book: the work and, when known, the edition.
package struct CatalogBookDTO: Content {
    package let work: WorkDTO
    @Nullable package var edition: EditionDTO?
}

/// What one online source said during a lookup or search.
package struct SourceAttemptDTO: Content, Equatable {
    package let source: String
    /// found, notFound or failed.
    package let outcome: String
    /// For failures: timedOut, rateLimited, httpError, malformed, unreachable, offline.
    @Nullable package var code: String?
    @Nullable package var message: String?
}

/// GET /api/v1/books/lookup.
package struct LookupDTO: Content {
    package let book: CatalogBookDTO
    /// catalog (already known, no network), openLibrary or googleBooks.
    package let foundIn: String
    package let sources: [SourceAttemptDTO]
    /// The reader's entry for this work, if they have one.
    @Nullable package var inLibrary: UUID?
}

/// One result of GET /api/v1/books/search.
package struct SearchResultDTO: Content {
    package let title: String
    @Nullable package var subtitle: String?
    package let authors: [String]
    @Nullable package var isbn13: String?
    @Nullable package var isbn10: String?
    @Nullable package var coverUrl: String?
    @Nullable package var pageCount: Int?
    @Nullable package var publisher: String?
    @Nullable package var publishedDate: String?
    @Nullable package var firstPublishedYear: Int?
    @Nullable package var description: String?
    /// catalog, openLibrary or googleBooks.
    package let source: String
    @Nullable package var workId: UUID?
    package let externalIds: [String: [String]]
    @Nullable package var inLibrary: UUID?
}

package struct SearchDTO: Content {
    package let items: [SearchResultDTO]
    package let sources: [SourceAttemptDTO]
}

/// GET /api/v1/works/{id}.
package struct WorkPageDTO: Content {
    package let work: WorkDTO
    package let editions: [EditionDTO]
    @Nullable package var inLibrary: UUID?
}

/// GET /api/v1/editions/{id}.
package struct EditionPageDTO: Content {
    package let edition: EditionDTO
    package let work: WorkDTO
}

/// GET /api/v1/authors/{id}.
package struct AuthorDTO: Content {
    package struct WorkRef: Content {
        package let id: UUID
        package let title: String
    }
    package let id: UUID
    package let name: String
    @Nullable package var nationality: String?
    @Nullable package var gender: String?
    @Nullable package var culturalRegion: String?
    @Nullable package var birthYear: Int?
    @Nullable package var deathYear: Int?
    package let works: [WorkRef]
}
