import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Fluent
import Vapor

/// `/books/{id}/facts`: the shared catalog's cultural facts of a book in the reader's library (the
/// work's, and each author's), filled in or corrected through `CatalogEditService`, the service the
/// API's `PATCH /api/v1/works|authors/{id}` calls. Forms post and come back with 303 to the book.
package struct BookFactsPages {
    package func show(req: Request) async throws -> Response {
        let entry = try await req.libraryQuery().entry(try BookPages.entryID(req))
        return Response(html: BookFacts.View.render(try await model(entry, req)))
    }

    package func saveWork(req: Request) async throws -> Response {
        let entry = try await req.libraryQuery().entry(try BookPages.entryID(req))
        let typed = try req.content.decode([String: String].self)
        do {
            try await req.catalogEdits().editWork(entry.work.id, try Self.changes(typed, of: .work))
            return .seeOther(SiteURL.book(entry.id).with(fragment: "about-book"))
        } catch let error as ValidationError {
            var model = try await model(entry, req)
            model.work.fields = Self.fields(typed, of: .work)
            model.work.place(error.message, field: error.field)
            return Response(status: .unprocessableEntity, html: BookFacts.View.render(model))
        }
    }

    package func saveAuthor(req: Request) async throws -> Response {
        let entry = try await req.libraryQuery().entry(try BookPages.entryID(req))
        // Only an author of this book: the page never edits someone it does not show.
        guard let authorID = req.parameters.get("authorId").flatMap(UUID.init(uuidString:)),
            entry.work.authors.contains(where: { $0.id == authorID })
        else { throw DomainError.authorNotFound }
        let typed = try req.content.decode([String: String].self)
        do {
            try await req.catalogEdits().editAuthor(authorID, try Self.changes(typed, of: .author))
            return .seeOther(SiteURL.book(entry.id).with(fragment: "about-book"))
        } catch let error as ValidationError {
            var model = try await model(entry, req)
            if let index = model.authors.firstIndex(where: { $0.authorID == authorID }) {
                model.authors[index].fields = Self.fields(typed, of: .author)
                model.authors[index].place(error.message, field: error.field)
            }
            return Response(status: .unprocessableEntity, html: BookFacts.View.render(model))
        }
    }

    /// The book page's "About the book": every fact that is set, the work's first, then each author's.
    package static func facts(of entry: EntryRecord, _ req: Request) async throws -> [BookShow.Fact] {
        // The work's facts come with the entry; its authors' are read here.
        var facts = CatalogFact.facts(of: .work).compactMap { fact in
            entry.work.fact(fact).map { BookShow.Fact(label: fact.label, value: fact.describe($0)) }
        }
        for author in try await authors(of: entry, req) {
            var known = [CatalogFact.nationality, .gender, .culturalRegion].compactMap { fact in
                author.fact(fact).map { fact.describe($0) }
            }
            switch (author.birthYear, author.deathYear) {
            case (let born?, let died?): known.append("\(born)–\(died)")
            case (let born?, nil): known.append("born \(born)")
            case (nil, let died?): known.append("died \(died)")
            case (nil, nil): break
            }
            if !known.isEmpty { facts.append(BookShow.Fact(label: author.name, value: known.joined(separator: " · "))) }
        }
        return facts
    }

    // MARK: building pages

    private func model(_ entry: EntryRecord, _ req: Request) async throws -> BookFacts.Model {
        guard let work = try await Work.find(entry.work.id, on: req.db) else { throw DomainError.bookNotFound }
        let authors = try await Self.authors(of: entry, req).map { author in
            BookFacts.Record(authorID: author.id, name: author.name, fields: Self.fields(of: .author, author.fact))
        }
        return BookFacts.Model(
            entryID: entry.id, title: entry.work.title,
            work: BookFacts.Record(authorID: nil, name: entry.work.title, fields: Self.fields(of: .work, work.fact)),
            authors: authors, session: try req.requirePageSession())
    }

    /// The book's authors in cover order.
    private static func authors(of entry: EntryRecord, _ req: Request) async throws -> [Author] {
        let ids = entry.work.authors.map(\.id)
        guard !ids.isEmpty else { return [] }
        let found = try await Author.query(on: req.db).filter(\.$id ~~ ids).all()
        return ids.compactMap { id in found.first { $0.id == id } }
    }

    /// The saved values as a form shows them: a list with commas, a number in digits.
    private static func fields(of record: CatalogFact.Record, _ value: (CatalogFact) -> CatalogFact.Value?) -> [CatalogFact:
        FieldState]
    {
        Dictionary(uniqueKeysWithValues: CatalogFact.facts(of: record).map { ($0, FieldState(value($0)?.display ?? "")) })
    }

    /// What was typed, back in the form.
    private static func fields(_ typed: [String: String], of record: CatalogFact.Record) -> [CatalogFact: FieldState] {
        Dictionary(uniqueKeysWithValues: CatalogFact.facts(of: record).map { ($0, FieldState(typed[$0.rawValue] ?? "")) })
    }

    /// Each of the record's fields the form sent: blank clears; a field not sent stays as it is.
    package static func changes(_ typed: [String: String], of record: CatalogFact.Record) throws -> CatalogEditService.Changes {
        var changes: CatalogEditService.Changes = [:]
        for fact in CatalogFact.facts(of: record) {
            guard let text = typed[fact.rawValue] else { continue }
            changes[fact] = .some(try fact.parse(typed: text))
        }
        return changes
    }
}
