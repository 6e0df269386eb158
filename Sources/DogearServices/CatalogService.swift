import DogearCore
import DogearStore
import FluentKit
import Foundation

/// Finds or creates catalog works, editions and authors from a validated book, so the same book
/// is one work however many readers add it. Matching is `CatalogMatcher`'s (the import's too);
/// external IDs the book brings that the work lacks are added to it.
package struct CatalogService {
    package let db: any Database

    package struct Resolved {
        package let work: Work
        package let edition: Edition?
    }

    package func findOrCreate(_ book: ValidBook) async throws -> Resolved {
        let match = try await CatalogMatcher(db: db).match([book])[0]
        if let match, let editionID = match.editionID, let edition = try await Edition.find(editionID, on: db),
            let work = try await Work.find(match.workID, on: db)
        {
            try await addExternalIDs(book.externalIds, workID: try work.requireID(), editionID: editionID)
            return Resolved(work: work, edition: edition)
        }
        var found: Work?
        if let match { found = try await Work.find(match.workID, on: db) }
        if found == nil { found = try await createWork(book) }
        let work = found!
        var edition: Edition?
        if book.hasEditionFacts {
            edition = try await createEdition(book, workID: try work.requireID())
        }
        try await addExternalIDs(book.externalIds, workID: try work.requireID(), editionID: try edition?.requireID())
        return Resolved(work: work, edition: edition)
    }

    /// Stores the IDs the work (or, for edition-level kinds, the edition) does not have yet.
    package func addExternalIDs(_ ids: [ExternalIDKind: [String]], workID: UUID, editionID: UUID?) async throws {
        guard !ids.isEmpty else { return }
        let existing = try await ExternalID.query(on: db)
            .group(.or) { or in
                or.filter(\.$work.$id == workID)
                if let editionID { or.filter(\.$edition.$id == editionID) }
            }
            .all()
        let have = Set(existing.map { "\($0.kind)|\($0.value)" })
        var new: [ExternalID] = []
        for (kind, values) in ids.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if kind.isEditionLevel && editionID == nil { continue }
            for value in values where !have.contains("\(kind.rawValue)|\(value)") {
                new.append(
                    kind.isEditionLevel
                        ? ExternalID(kind: kind, value: value, editionID: editionID)
                        : ExternalID(kind: kind, value: value, workID: workID))
            }
        }
        if !new.isEmpty { try await new.create(on: db) }
    }

    package func edition(for isbn: ISBN) async throws -> Edition? {
        try await Edition.query(on: db).filter(\.$isbn13 == isbn.isbn13).first()
    }

    private func createWork(_ book: ValidBook) async throws -> Work {
        let work = Work(title: book.title, source: book.source)
        work.subtitle = book.subtitle
        work.summary = book.description
        work.firstPublishedYear = book.firstPublishedYear
        work.originalLanguage = book.originalLanguage
        work.genres = book.genres
        work.seriesName = book.series
        work.seriesNumber = book.seriesNumber
        work.culturalThemes = book.culturalThemes
        work.contentWarnings = book.contentWarnings
        work.awards = book.awards
        work.readingDifficulty = book.readingDifficulty?.rawValue
        work.estimatedMinutes = book.estimatedMinutes
        work.originCountry = book.originCountry
        work.translator = book.translator
        work.translatorNationality = book.translatorNationality
        work.qualityScore = book.qualityScore
        try await work.create(on: db)
        let workID = try work.requireID()
        for (position, name) in book.authors.enumerated() {
            let author = try await findOrCreateAuthor(named: name)
            try await WorkAuthor(workID: workID, authorID: try author.requireID(), position: position).create(on: db)
        }
        return work
    }

    package func createEdition(_ book: ValidBook, workID: UUID) async throws -> Edition {
        let edition = Edition(values: CatalogBatch.edition(book, workID: workID))
        try await edition.create(on: db)
        return edition
    }

    package func findOrCreateAuthor(named name: String) async throws -> Author {
        if let author = try await Author.query(on: db).filter(\.$name == name).first() { return author }
        let author = Author(name: name)
        try await author.create(on: db)
        return author
    }

    package init(db: any Database) {
        self.db = db
    }
}
