import DogearCore
import DogearSources
import DogearStore
import Foundation

// What the catalog services answer with. The API's DTOs are built from these (API/DTO/CatalogDTO+Records.swift)
// and the pages read them directly, so the JSON can change without the services or the pages.

package struct SourceAttemptRecord: Sendable, Equatable {
    package var source: String
    package var outcome: String
    package var code: String?
    package var message: String?

    package init(source: String, outcome: String, code: String? = nil, message: String? = nil) {
        self.source = source
        self.outcome = outcome
        self.code = code
        self.message = message
    }
}

package struct LookupRecord: Sendable, Equatable {
    package var book: CatalogBook
    package var foundIn: String
    package var sources: [SourceAttemptRecord]
    package var inLibrary: UUID?

    package init(book: CatalogBook, foundIn: String, sources: [SourceAttemptRecord], inLibrary: UUID? = nil) {
        self.book = book
        self.foundIn = foundIn
        self.sources = sources
        self.inLibrary = inLibrary
    }
}

package struct SearchResultRecord: Sendable, Equatable {
    package var title: String
    package var subtitle: String?
    package var authors: [String]
    package var isbn13: String?
    package var isbn10: String?
    package var coverUrl: String?
    package var pageCount: Int?
    package var publisher: String?
    package var publishedDate: String?
    package var firstPublishedYear: Int?
    package var description: String?
    package var source: String
    package var workId: UUID?
    package var externalIds: [String: [String]]
    package var inLibrary: UUID?

    package init(
        title: String, subtitle: String? = nil, authors: [String], isbn13: String? = nil, isbn10: String? = nil,
        coverUrl: String? = nil, pageCount: Int? = nil, publisher: String? = nil, publishedDate: String? = nil,
        firstPublishedYear: Int? = nil, description: String? = nil, source: String, workId: UUID? = nil,
        externalIds: [String: [String]], inLibrary: UUID? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.authors = authors
        self.isbn13 = isbn13
        self.isbn10 = isbn10
        self.coverUrl = coverUrl
        self.pageCount = pageCount
        self.publisher = publisher
        self.publishedDate = publishedDate
        self.firstPublishedYear = firstPublishedYear
        self.description = description
        self.source = source
        self.workId = workId
        self.externalIds = externalIds
        self.inLibrary = inLibrary
    }
}

package struct SearchRecord: Sendable, Equatable {
    package var items: [SearchResultRecord]
    package var sources: [SourceAttemptRecord]

    package init(items: [SearchResultRecord], sources: [SourceAttemptRecord]) {
        self.items = items
        self.sources = sources
    }
}

package struct WorkPageRecord: Sendable, Equatable {
    package var work: WorkRecord
    package var editions: [EditionRecord]
    package var inLibrary: UUID?

    package init(work: WorkRecord, editions: [EditionRecord], inLibrary: UUID? = nil) {
        self.work = work
        self.editions = editions
        self.inLibrary = inLibrary
    }
}

package struct EditionPageRecord: Sendable, Equatable {
    package var edition: EditionRecord
    package var work: WorkRecord

    package init(edition: EditionRecord, work: WorkRecord) {
        self.edition = edition
        self.work = work
    }
}

package struct AuthorRecord: Sendable, Equatable {
    package struct WorkRef: Sendable, Equatable {
        package var id: UUID
        package var title: String

        package init(id: UUID, title: String) {
            self.id = id
            self.title = title
        }
    }

    package var id: UUID
    package var name: String
    package var nationality: String?
    package var gender: String?
    package var culturalRegion: String?
    package var birthYear: Int?
    package var deathYear: Int?
    package var works: [WorkRef]

    package init(
        id: UUID, name: String, nationality: String? = nil, gender: String? = nil, culturalRegion: String? = nil,
        birthYear: Int? = nil, deathYear: Int? = nil, works: [WorkRef]
    ) {
        self.id = id
        self.name = name
        self.nationality = nationality
        self.gender = gender
        self.culturalRegion = culturalRegion
        self.birthYear = birthYear
        self.deathYear = deathYear
        self.works = works
    }
}

extension SourceAttemptRecord {
    package init(_ attempt: LookupChain.Attempt) {
        switch attempt.outcome {
        case .found:
            self.init(source: attempt.source, outcome: "found", code: nil, message: nil)
        case .notFound:
            self.init(source: attempt.source, outcome: "notFound", code: nil, message: nil)
        case .failed(let error):
            self.init(source: attempt.source, outcome: "failed", code: error.code, message: error.description)
        }
    }
}
