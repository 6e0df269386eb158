import DogearServices
import DogearStore
import Foundation

// The API's shapes of the catalog services' records.

extension SourceAttemptDTO {
    package init(_ record: SourceAttemptRecord) {
        self.init(source: record.source, outcome: record.outcome, code: record.code, message: record.message)
    }
}

extension LookupDTO {
    package init(_ record: LookupRecord) {
        self.init(
            book: CatalogBookDTO(record.book), foundIn: record.foundIn, sources: record.sources.map(SourceAttemptDTO.init),
            inLibrary: record.inLibrary)
    }
}

extension SearchResultDTO {
    package init(_ record: SearchResultRecord) {
        self.init(
            title: record.title, subtitle: record.subtitle, authors: record.authors, isbn13: record.isbn13, isbn10: record.isbn10,
            coverUrl: record.coverUrl, pageCount: record.pageCount, publisher: record.publisher,
            publishedDate: record.publishedDate, firstPublishedYear: record.firstPublishedYear, description: record.description,
            source: record.source, workId: record.workId, externalIds: record.externalIds, inLibrary: record.inLibrary)
    }
}

extension SearchDTO {
    package init(_ record: SearchRecord) {
        self.init(items: record.items.map(SearchResultDTO.init), sources: record.sources.map(SourceAttemptDTO.init))
    }
}

extension WorkPageDTO {
    package init(_ record: WorkPageRecord) {
        self.init(work: WorkDTO(record.work), editions: record.editions.map(EditionDTO.init), inLibrary: record.inLibrary)
    }
}

extension EditionPageDTO {
    package init(_ record: EditionPageRecord) {
        self.init(edition: EditionDTO(record.edition), work: WorkDTO(record.work))
    }
}

extension AuthorDTO.WorkRef {
    package init(_ record: AuthorRecord.WorkRef) {
        self.init(id: record.id, title: record.title)
    }
}

extension AuthorDTO {
    package init(_ record: AuthorRecord) {
        self.init(
            id: record.id, name: record.name, nationality: record.nationality, gender: record.gender,
            culturalRegion: record.culturalRegion, birthYear: record.birthYear, deathYear: record.deathYear,
            works: record.works.map(AuthorDTO.WorkRef.init))
    }
}
