import DogearCore
import DogearStore
import FluentKit
import Foundation

/// Prefers source data in the shared catalog, field by field (Core's `Provenance`): what Open
/// Library or Google Books say replaces what a reader typed or imported, fills what is empty, and
/// is marked as theirs; what readers typed never replaces a source's facts. Fields the source does
/// not know keep the reader's value (and stay the reader's, for the next source to replace).
///
/// This is what keeps one reader from binding a real ISBN to a junk title or cover for everyone:
/// the first lookup of that ISBN that reaches a source puts the source's facts in its place.
package struct CatalogCorrection {
    package let db: any Database

    /// Applies a source's book to a work and its edition; true when anything changed. Entries of
    /// the work are re-indexed for search in the same transaction (their titles and authors moved).
    @discardableResult
    package func apply(_ book: ValidBook, to work: Work, edition: Edition?, changes: WriteChanges) async throws -> Bool {
        let incoming = book.source.rawValue
        var sources = work.fieldSources
        var changed = false
        func take<Value: Equatable>(
            _ field: String, _ path: ReferenceWritableKeyPath<Work, Value>, _ value: Value, isEmpty: (Value) -> Bool
        ) {
            let current = Provenance.source(of: field, in: sources, record: work.source)
            guard
                Provenance.replaces(
                    current: current, currentIsEmpty: isEmpty(work[keyPath: path]), incoming: incoming,
                    incomingHasValue: !isEmpty(value)),
                work[keyPath: path] != value || current != incoming
            else { return }
            work[keyPath: path] = value
            sources[field] = incoming
            changed = true
        }
        take("title", \.title, book.title) { $0.isEmpty }
        take("subtitle", \.subtitle, book.subtitle) { $0 == nil }
        take("description", \.summary, book.description) { $0 == nil }
        take("firstPublishedYear", \.firstPublishedYear, book.firstPublishedYear) { $0 == nil }
        take("originalLanguage", \.originalLanguage, book.originalLanguage) { $0 == nil }
        take("genres", \.genres, book.genres) { $0.isEmpty }
        let authorsChanged = try await takeAuthors(book, of: work, sources: &sources)
        work.fieldSources = sources
        if changed || authorsChanged { try await work.save(on: db) }

        var editionChanged = false
        if let edition { editionChanged = try await apply(book, to: edition, record: edition.source ?? work.source) }
        let workID = try work.requireID()
        try await CatalogService(db: db).addExternalIDs(book.externalIds, workID: workID, editionID: try edition?.requireID())
        if changed || authorsChanged || editionChanged { changes.catalogTextChanged(workID: workID) }
        return changed || authorsChanged || editionChanged
    }

    private func apply(_ book: ValidBook, to edition: Edition, record: String) async throws -> Bool {
        let incoming = book.source.rawValue
        var sources = edition.fieldSources
        var changed = false
        func take<Value: Equatable>(_ field: String, _ path: ReferenceWritableKeyPath<Edition, Value?>, _ value: Value?) {
            let current = Provenance.source(of: field, in: sources, record: record)
            guard
                Provenance.replaces(
                    current: current, currentIsEmpty: edition[keyPath: path] == nil, incoming: incoming,
                    incomingHasValue: value != nil),
                edition[keyPath: path] != value || current != incoming
            else { return }
            edition[keyPath: path] = value
            sources[field] = incoming
            changed = true
        }
        take("publisher", \.publisher, book.publisher)
        take("publishedDate", \.publishedDate, book.publishedDate)
        take("pageCount", \.pageCount, book.pageCount)
        take("format", \.format, book.format?.rawValue)
        take("editionTitle", \.editionTitle, book.editionTitle)
        take("language", \.language, book.language)
        take("coverUrl", \.coverURL, book.coverUrl)
        take("previewUrl", \.previewURL, book.previewUrl)
        take("infoUrl", \.infoURL, book.infoUrl)
        guard changed else { return false }
        edition.fieldSources = sources
        try await edition.save(on: db)
        return true
    }

    /// The work's authors, replaced as one field.
    private func takeAuthors(_ book: ValidBook, of work: Work, sources: inout [String: String]) async throws -> Bool {
        let workID = try work.requireID()
        let links = try await WorkAuthor.query(on: db).filter(\.$work.$id == workID).sort(\.$position).all()
        let current = try await Author.query(on: db).filter(\.$id ~~ links.map { $0.$author.id }).all()
        let byID = Dictionary(uniqueKeysWithValues: current.compactMap { author in author.id.map { ($0, author.name) } })
        let names = links.compactMap { byID[$0.$author.id] }
        let source = Provenance.source(of: "authors", in: sources, record: work.source)
        guard
            Provenance.replaces(
                current: source, currentIsEmpty: names.isEmpty, incoming: book.source.rawValue,
                incomingHasValue: !book.authors.isEmpty),
            names != book.authors
        else { return false }
        try await WorkAuthor.query(on: db).filter(\.$work.$id == workID).delete()
        let catalog = CatalogService(db: db)
        for (position, name) in book.authors.enumerated() {
            let author = try await catalog.findOrCreateAuthor(named: name)
            try await WorkAuthor(workID: workID, authorID: try author.requireID(), position: position).create(on: db)
        }
        sources["authors"] = book.source.rawValue
        return true
    }
}
