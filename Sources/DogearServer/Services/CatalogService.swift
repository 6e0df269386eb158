import DogearCore
import Fluent
import Vapor

/// Finds or creates catalog works, editions and authors from a validated book, so the same book
/// is one work however many readers add it.
///
/// Matching, in order: an edition with the same ISBN (then its work); a work carrying one of the
/// same external IDs; else a work with the same title (ignoring case) whose first author has the
/// same name. External IDs the book brings that the work lacks are added to it. Authors match by exact name only:
/// "J.K. Rowling" and "J. K. Rowling" are not merged silently (SPEC §1).
struct CatalogService {
    let db: any Database

    struct Resolved {
        let work: Work
        let edition: Edition?
    }

    func findOrCreate(_ book: ValidBook) async throws -> Resolved {
        if let isbn = book.isbn, let edition = try await edition(for: isbn) {
            let work = try await Work.find(edition.$work.id, on: db)!
            try await addExternalIDs(book.externalIds, workID: try work.requireID(), editionID: try edition.requireID())
            return Resolved(work: work, edition: edition)
        }
        var found = try await workByExternalID(book.externalIds)
        if found == nil { found = try await existingWork(title: book.title, firstAuthor: book.authors.first) }
        if found == nil { found = try await createWork(book) }
        let work = found!
        var edition: Edition?
        if book.hasEditionFacts {
            edition = try await createEdition(book, workID: try work.requireID())
        }
        try await addExternalIDs(book.externalIds, workID: try work.requireID(), editionID: try edition?.requireID())
        return Resolved(work: work, edition: edition)
    }

    private func workByExternalID(_ ids: [ExternalIDKind: [String]]) async throws -> Work? {
        for (kind, values) in ids where !kind.isEditionLevel {
            if let link = try await ExternalID.query(on: db)
                .filter(\.$kind == kind.rawValue).filter(\.$value ~~ values).filter(\.$work.$id != nil).first(),
                let workID = link.$work.id
            {
                return try await Work.find(workID, on: db)
            }
        }
        return nil
    }

    /// Stores the IDs the work (or, for edition-level kinds, the edition) does not have yet.
    func addExternalIDs(_ ids: [ExternalIDKind: [String]], workID: UUID, editionID: UUID?) async throws {
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

    func edition(for isbn: ISBN) async throws -> Edition? {
        try await Edition.query(on: db).filter(\.$isbn13 == isbn.isbn13).first()
    }

    private func existingWork(title: String, firstAuthor: String?) async throws -> Work? {
        guard let firstAuthor else { return nil }
        let candidates = try await WorkAuthor.query(on: db)
            .join(Author.self, on: \WorkAuthor.$author.$id == \Author.$id)
            .join(Work.self, on: \WorkAuthor.$work.$id == \Work.$id)
            .filter(Author.self, \.$name == firstAuthor)
            .filter(\.$position == 0)
            .all()
        let wanted = title.lowercased()
        for link in candidates {
            let work = try link.joined(Work.self)
            if work.title.lowercased() == wanted { return work }
        }
        return nil
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

    private func createEdition(_ book: ValidBook, workID: UUID) async throws -> Edition {
        let edition = CatalogBatch.edition(book, workID: workID)
        try await edition.create(on: db)
        return edition
    }

    func findOrCreateAuthor(named name: String) async throws -> Author {
        if let author = try await Author.query(on: db).filter(\.$name == name).first() { return author }
        let author = Author(name: name)
        try await author.create(on: db)
        return author
    }
}
